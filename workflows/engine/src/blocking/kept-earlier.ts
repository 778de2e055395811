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

  constructor(private readonly earlier: readonly EarlierStrategy[], private readonly maxBlockSize: number) {}

  has(i: number, j: number): boolean {
    for (const { blocks, scorer, threshold } of this.earlier) {
      const b = blocks.blockOf[i]!
      if (b === NO_BLOCK || b !== blocks.blockOf[j]) continue
      if (blocks.starts[b + 1]! - blocks.starts[b]! > this.maxBlockSize) continue
      this.left[0] = i; this.right[0] = j
      scorer.score(this.left, this.right, 1, this.score)
      if (this.score[0]! >= threshold) return true
    }
    return false
  }
}
