/**
 * Matching for one linkage (or one block partition of it): active strategies in ascending `order`; each
 * blocks, streams candidate chunks through its scorer, keeps pairs at or above its threshold and appends
 * them to the pair stream. A pair kept by an earlier strategy is not generated again by a later one; a pair
 * an earlier strategy scored below its threshold may still be kept by a later strategy, which judges it on
 * its own fields and threshold.
 */
import { generateCandidates, type BlockingStats, type CandidateOptions } from './blocking/candidates.js'
import { buildBlocks, NO_BLOCK } from './blocking/blocks.js'
import { PairSet } from './blocking/pair-set.js'
import type { RecordTable } from './columnar/record-table.js'
import { PairStore } from './grouping/pair-store.js'
import { keepAboveThreshold, StrategyScorer } from './scoring/strategy-scorer.js'
import { ScoreHistogram } from './stats/histogram.js'
import type { StrategySpec } from './types.js'

export interface MatchOptions extends Pick<CandidateOptions, 'maxBlockSize' | 'partition' | 'chunkPairs'> {
  histogramBinWidth?: number
}

export interface StrategyRun extends BlockingStats {
  name: string
  deterministic: boolean
  pairsKept: number
}

export interface MatchResult {
  /** Active strategies in run order; PairStore.strategy indexes this list. */
  strategies: StrategySpec[]
  scorers: StrategyScorer[]
  pairs: PairStore
  runs: StrategyRun[]
  /** Records that no active strategy could place in a block (empty blocking values everywhere). */
  recordsNotBlocked: number
  histogram: ScoreHistogram
}

export function activeStrategies(strategies: readonly StrategySpec[]): StrategySpec[] {
  return strategies.filter(s => s.isActive).sort((a, b) => a.order - b.order)
}

export function matchRecords(table: RecordTable, strategies: readonly StrategySpec[], options: MatchOptions = {}): MatchResult {
  const active = activeStrategies(strategies)
  const pairs = new PairStore()
  const kept = new PairSet(16)
  const histogram = new ScoreHistogram(options.histogramBinWidth ?? 1)
  const blockedSomewhere = new Uint8Array(table.size)
  const scorers: StrategyScorer[] = []
  const runs: StrategyRun[] = []
  let scores = new Float64Array(0)
  active.forEach((strategy, index) => {
    const scorer = new StrategyScorer(strategy, table)
    scorers.push(scorer)
    const blocks = buildBlocks(table, strategy.blockingFields)
    for (let i = 0; i < table.size; i++) if (blocks.blockOf[i] !== NO_BLOCK) blockedSomewhere[i] = 1
    let pairsKept = 0
    const stats = generateCandidates(table, strategy.blockingFields, (left, right, n) => {
      if (scores.length < n) scores = new Float64Array(n)
      scorer.score(left, right, n, scores)
      const m = keepAboveThreshold(left, right, scores, n, strategy.threshold)
      if (index < active.length - 1) for (let k = 0; k < m; k++) kept.add(left[k]!, right[k]!)
      histogram.addAll(scores, m)
      pairs.append(left, right, scores, m, index)
      pairsKept += m
    }, { ...options, exclude: kept }, blocks)
    runs.push({ name: strategy.name, deterministic: scorer.deterministic, pairsKept, ...stats })
  })
  let recordsNotBlocked = 0
  for (let i = 0; i < table.size; i++) if (!blockedSomewhere[i]) recordsNotBlocked++
  return { strategies: active, scorers, pairs, runs, recordsNotBlocked, histogram }
}
