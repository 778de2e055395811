/**
 * Matching for one linkage (or one block partition of it): active strategies in ascending `order`; each
 * blocks, streams candidate chunks through its scorer, keeps pairs at or above its threshold and appends
 * them to the pair stream. A pair kept by an earlier strategy is not generated again by a later one; a pair
 * an earlier strategy scored below its threshold may still be kept by a later strategy, which judges it on
 * its own fields and threshold.
 */
import { candidateSteps, type BlockingStats, type CandidateOptions, type PairExclusion } from './blocking/candidates.js'
import type { Blocks } from './blocking/blocks.js'
import { KeptByEarlier, type EarlierStrategy } from './blocking/kept-earlier.js'
import { buildBlocks, NO_BLOCK } from './blocking/blocks.js'
import { blockWindows, neighbourhoodOf, type BlockWindows, type Neighbourhood } from './blocking/neighbourhood.js'
import { PairSet } from './blocking/pair-set.js'
import type { RecordTable } from './columnar/record-table.js'
import { PairStore } from './grouping/pair-store.js'
import type { FieldScorer } from './scoring/field-scorer.js'
import { KeptWeights } from './scoring/kept-weights.js'
import { keepAboveThreshold, StrategyScorer } from './scoring/strategy-scorer.js'
import { ScoreHistogram } from './stats/histogram.js'
import type { StrategySpec } from './types.js'

export interface MatchOptions extends Pick<CandidateOptions, 'partition' | 'chunkPairs'> {
  histogramBinWidth?: number
  /** Candidate pairs a step creates before it returns (default SLICE_PAIRS). */
  slicePairs?: number
}

/** About a second of scoring on one core: steps stay far inside an activity's two-minute heartbeat timeout. */
export const SLICE_PAIRS = 2_000_000

/** The strategy a Matcher is part-way through. */
interface StrategyInProgress {
  strategy: StrategySpec
  scorer: StrategyScorer
  blocks: Blocks
  windows: BlockWindows
  steps: Generator<void, BlockingStats, void>
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
  /** Each kept pair's per-field weights, in PairStore order (what `scorers[strategy].explain` gives). */
  weights: KeptWeights
  runs: StrategyRun[]
  /** Records that no active strategy could place in a block (empty blocking values everywhere). */
  recordsNotBlocked: number
  histogram: ScoreHistogram
}

export function activeStrategies(strategies: readonly StrategySpec[]): StrategySpec[] {
  return strategies.filter(s => s.isActive).sort((a, b) => a.order - b.order)
}

// Compiled matching fields of the tables being linked in block partitions: the partitions of one linkage on
// one worker share the table, so they share its compiled fields too (bounded by the linkage's distinct field
// specs; gone with the table). A whole-table run shares them across its own strategies only.
const partitionFields = new WeakMap<RecordTable, Map<string, FieldScorer>>()

/**
 * Matching in steps of about SLICE_PAIRS candidate pairs (a strategy's set-up, then slices of its blocks), so a
 * caller can yield between steps and an activity keeps heartbeating however large a strategy's blocks are;
 * `matchRecords` runs them all at once.
 */
export class Matcher {
  readonly strategies: StrategySpec[]
  private readonly pairs = new PairStore()
  private readonly weights: KeptWeights
  private readonly kept = new PairSet(16)
  private readonly histogram: ScoreHistogram
  private readonly blockedSomewhere: Uint8Array
  private readonly scorers: StrategyScorer[] = []
  private readonly runs: StrategyRun[] = []
  private readonly earlier: EarlierStrategy[] = []
  private scores = new Float64Array(0)
  private readonly compiled: Map<string, FieldScorer>
  private current: StrategyInProgress | null = null
  private currentKept = 0

  constructor(private readonly table: RecordTable, strategies: readonly StrategySpec[], private readonly options: MatchOptions = {}) {
    this.strategies = activeStrategies(strategies)
    this.weights = new KeptWeights(Math.max(0, ...this.strategies.map(s => s.matchingFields.length)))
    this.histogram = new ScoreHistogram(options.histogramBinWidth ?? 1)
    this.blockedSomewhere = new Uint8Array(table.size)
    let shared = options.partition ? partitionFields.get(table) : undefined
    if (!shared) { shared = new Map(); if (options.partition) partitionFields.set(table, shared) }
    this.compiled = shared
  }

  /** Runs the next slice of work; false when none is left. */
  step(): boolean {
    const current = this.current ?? this.begin()
    if (!current) return false
    const next = current.steps.next()
    if (!next.done) return true
    const { strategy, scorer, blocks, windows } = current
    this.earlier.push({ blocks, windows, scorer, threshold: strategy.threshold })
    this.runs.push({ name: strategy.name, deterministic: scorer.deterministic, pairsKept: this.currentKept, ...next.value })
    this.current = null
    return true
  }

  /** Sets up the next strategy (scorer, blocks, pairs to exclude); null when every strategy has run. */
  private begin(): StrategyInProgress | null {
    const index = this.runs.length
    const strategy = this.strategies[index]
    if (!strategy) return null
    const { table, kept, histogram, pairs, weights } = this
    const last = index === this.strategies.length - 1
    const scorer = new StrategyScorer(strategy, table, this.compiled)
    this.scorers.push(scorer)
    const blocks = buildBlocks(table, strategy.blockingFields)
    const neighbourhood: Neighbourhood = neighbourhoodOf(strategy, table)
    const windows = blockWindows(table, blocks, neighbourhood)
    for (let i = 0; i < table.size; i++) if (blocks.blockOf[i] !== NO_BLOCK) this.blockedSomewhere[i] = 1
    // Whole table: remember the pairs kept. A block partition: decide from the earlier strategies' blocks.
    // The first strategy has nothing earlier to exclude.
    const exclude: PairExclusion | null = this.options.partition
      ? (this.earlier.length > 0 ? new KeptByEarlier([...this.earlier]) : null) : kept
    const remember = !last && !this.options.partition
    this.currentKept = 0
    const steps = candidateSteps(table, strategy.blockingFields, (left, right, n) => {
      if (this.scores.length < n) this.scores = new Float64Array(n)
      const scores = this.scores
      scorer.score(left, right, n, scores)
      const m = keepAboveThreshold(left, right, scores, n, strategy.threshold)
      if (remember) for (let k = 0; k < m; k++) kept.add(left[k]!, right[k]!)
      histogram.addAll(scores, m)
      pairs.append(left, right, scores, m, index)
      weights.append(scorer.fields, left, right, m)
      this.currentKept += m
    }, { ...this.options, exclude, neighbourhood }, blocks, this.options.slicePairs ?? SLICE_PAIRS)
    this.current = { strategy, scorer, blocks, windows, steps }
    return this.current
  }

  result(): MatchResult {
    while (this.step());
    let recordsNotBlocked = 0
    for (let i = 0; i < this.table.size; i++) if (!this.blockedSomewhere[i]) recordsNotBlocked++
    return { strategies: this.strategies, scorers: this.scorers, pairs: this.pairs, weights: this.weights, runs: this.runs, recordsNotBlocked, histogram: this.histogram }
  }
}

export function matchRecords(table: RecordTable, strategies: readonly StrategySpec[], options: MatchOptions = {}): MatchResult {
  return new Matcher(table, strategies, options).result()
}
