/**
 * "Kept by an earlier strategy", decided from the records alone, for block partitions: a partition only sees
 * its own blocks, so it cannot know which pairs another partition's earlier strategy kept. But that is a
 * function of the pair: an earlier strategy kept (i, j) exactly when it made the pair (both records sit in one
 * of its blocks and, in a large block, in one of its sort orders' windows: neighbourhood.ts), at least one of
 * them is incoming, and its score reaches that strategy's threshold. So every partition excludes the same pairs
 * the whole-table run excludes, and no pair is kept twice.
 */
import type { StrategyScorer } from '../scoring/strategy-scorer.js'
import type { Blocks } from './blocks.js'
import { NO_BLOCK } from './blocks.js'
import type { PairExclusion } from './candidates.js'
import { inWindow, meets, type BlockWindows } from './neighbourhood.js'

export interface EarlierStrategy { blocks: Blocks; windows: BlockWindows; scorer: StrategyScorer; threshold: number }

/** The member's position in neither order: its earlier block is compared whole. */
const WHOLE = -1

export class KeptByEarlier implements PairExclusion {
  private readonly left = new Int32Array(1)
  private readonly right = new Int32Array(1)
  private readonly score = new Float64Array(1)
  /**
   * Per earlier strategy, the block of each member of the current block, in the order its pairs are made
   * (NO_BLOCK when it has none), and its positions in that block's sort orders when the block is large: a
   * pair's test reads a few entries of small arrays instead of two records' entries of whole-table arrays.
   */
  private blockAt: Int32Array[]
  private firstAt: Int32Array[]
  private secondAt: Int32Array[]

  constructor(private readonly earlier: readonly EarlierStrategy[]) {
    this.blockAt = earlier.map(() => new Int32Array(0))
    this.firstAt = earlier.map(() => new Int32Array(0))
    this.secondAt = earlier.map(() => new Int32Array(0))
  }

  has(i: number, j: number): boolean {
    for (const { blocks, windows, scorer, threshold } of this.earlier) {
      const b = blocks.blockOf[i]!
      if (b === NO_BLOCK || b !== blocks.blockOf[j]) continue
      if (blocks.starts[b + 1]! - blocks.starts[b]! > windows.blockCap && !inWindow(windows, i, j)) continue
      if (this.keptBy(scorer, threshold, i, j)) return true
    }
    return false
  }

  enterBlock(members: Int32Array, size: number): void {
    for (let e = 0; e < this.earlier.length; e++) {
      const { blocks, windows } = this.earlier[e]!
      if (this.blockAt[e]!.length < size) {
        const length = Math.max(size, 2 * this.blockAt[e]!.length)
        this.blockAt[e] = new Int32Array(length); this.firstAt[e] = new Int32Array(length); this.secondAt[e] = new Int32Array(length)
      }
      const at = this.blockAt[e]!, first = this.firstAt[e]!, second = this.secondAt[e]!
      const { blockOf, starts } = blocks
      for (let k = 0; k < size; k++) {
        const r = members[k]!
        const b = blockOf[r]!
        at[k] = b
        if (b === NO_BLOCK || starts[b + 1]! - starts[b]! <= windows.blockCap) { first[k] = WHOLE; continue }
        first[k] = windows.first[r]!
        second[k] = windows.second[r]!
      }
    }
  }

  /** `has(i, j)` for the members at positions a and c of the block last entered. */
  hasAt(a: number, c: number, i: number, j: number): boolean {
    for (let e = 0; e < this.earlier.length; e++) {
      const at = this.blockAt[e]!, b = at[a]!
      if (b === NO_BLOCK || b !== at[c]) continue
      const first = this.firstAt[e]![a]!
      if (first !== WHOLE && !this.near(e, first, a, c)) continue
      const { scorer, threshold } = this.earlier[e]!
      if (this.keptBy(scorer, threshold, i, j)) return true
    }
    return false
  }

  /** Whether members a and c of one large earlier block were in one of its windows. */
  private near(e: number, first: number, a: number, c: number): boolean {
    return meets(this.earlier[e]!.windows.window, first, this.firstAt[e]![c]!, this.secondAt[e]![a]!, this.secondAt[e]![c]!)
  }

  private keptBy(scorer: StrategyScorer, threshold: number, i: number, j: number): boolean {
    this.left[0] = i; this.right[0] = j
    scorer.score(this.left, this.right, 1, this.score)
    return this.score[0]! >= threshold
  }
}
