/**
 * "Kept by an earlier strategy", decided from the records alone, for block partitions: a partition only sees
 * its own blocks, so it cannot know which pairs another partition's earlier strategy kept. But that is a
 * function of the pair: an earlier strategy kept (i, j) exactly when both records sit in one of its blocks
 * (not an oversized one), at least one of them is incoming, and its score reaches that strategy's threshold.
 * So every partition excludes the same pairs the whole-table run excludes, and no pair is kept twice.
 */
import type { StrategyScorer } from '../scoring/strategy-scorer.js'
import type { Blocks } from './blocks.js'
import { NO_BLOCK } from './blocks.js'
import type { PairExclusion } from './candidates.js'

export interface EarlierStrategy { blocks: Blocks; scorer: StrategyScorer; threshold: number }

export class KeptByEarlier implements PairExclusion {
  private readonly left = new Int32Array(1)
  private readonly right = new Int32Array(1)
  private readonly score = new Float64Array(1)
  /**
   * Per earlier strategy, the block of each member of the current block, in the order its pairs are made
   * (NO_BLOCK when that block is oversized, which keeps nothing): a pair's test reads two entries of a small
   * array instead of two records' entries of the whole table's block ids, once per earlier strategy.
   */
  private blockAt: Int32Array[]

  constructor(private readonly earlier: readonly EarlierStrategy[], private readonly maxBlockSize: number) {
    this.blockAt = earlier.map(() => new Int32Array(0))
  }

  has(i: number, j: number): boolean {
    for (const { blocks, scorer, threshold } of this.earlier) {
      const b = blocks.blockOf[i]!
      if (b === NO_BLOCK || b !== blocks.blockOf[j]) continue
      if (blocks.starts[b + 1]! - blocks.starts[b]! > this.maxBlockSize) continue
      if (this.keptBy(scorer, threshold, i, j)) return true
    }
    return false
  }

  enterBlock(members: Int32Array, size: number): void {
    for (let e = 0; e < this.earlier.length; e++) {
      const { blocks } = this.earlier[e]!
      if (this.blockAt[e]!.length < size) this.blockAt[e] = new Int32Array(Math.max(size, 2 * this.blockAt[e]!.length))
      const at = this.blockAt[e]!, { blockOf, starts } = blocks
      for (let k = 0; k < size; k++) {
        const b = blockOf[members[k]!]!
        at[k] = b !== NO_BLOCK && starts[b + 1]! - starts[b]! > this.maxBlockSize ? NO_BLOCK : b
      }
    }
  }

  /** `has(i, j)` for the members at positions a and c of the block last entered. */
  hasAt(a: number, c: number, i: number, j: number): boolean {
    for (let e = 0; e < this.earlier.length; e++) {
      const at = this.blockAt[e]!, b = at[a]!
      if (b === NO_BLOCK || b !== at[c]) continue
      const { scorer, threshold } = this.earlier[e]!
      if (this.keptBy(scorer, threshold, i, j)) return true
    }
    return false
  }

  private keptBy(scorer: StrategyScorer, threshold: number, i: number, j: number): boolean {
    this.left[0] = i; this.right[0] = j
    scorer.score(this.left, this.right, 1, this.score)
    return this.score[0]! >= threshold
  }
}
