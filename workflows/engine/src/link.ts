/**
 * In-memory linkage end to end on one table: match, group (WeightedBestLinkInMemory or MergeInMemory), assign
 * stable keys, apply the authoritative-event-type rule and collect the report figures. The on-disk strategies
 * reuse the same pair stream (PairStore columns) and the key rules in keys.ts.
 */
import type { RecordTable } from './columnar/record-table.js'
import { bestLinkGrouping } from './grouping/best-link.js'
import { assignKeys, type KeyAssignment } from './grouping/keys.js'
import { mergeGrouping, type GroupingResult } from './grouping/merge.js'
import { groupsForReview } from './grouping/review.js'
import { matchRecords, type MatchOptions, type MatchResult } from './match.js'
import type { StrategySpec } from './types.js'

export type InMemoryGroupStrategy = 'WeightedBestLinkInMemory' | 'MergeInMemory'

export interface LinkOptions extends MatchOptions {
  groupStrategy: InMemoryGroupStrategy
  /** Previous key number per record, 0 for incoming records. */
  previousKeys?: Float64Array | null
  nextKeyNumber?: number
  eventTypeOf?: Int32Array
  authoritativeEventTypes?: ReadonlySet<number>
}

export interface LinkResult {
  match: MatchResult
  grouping: GroupingResult
  keys: KeyAssignment
  /** Key numbers of groups flagged for review. */
  review: number[]
  timings: { matchMs: number; groupMs: number }
}

export function groupPairs(strategy: InMemoryGroupStrategy, size: number, match: MatchResult,
  previousKeys: Float64Array | null, reviewGroupOf: Int32Array | null = null): GroupingResult {
  switch (strategy) {
    // Quality-review decisions constrain Merge only (see groupers.ts: best-link cannot undo one).
    case 'WeightedBestLinkInMemory': return bestLinkGrouping(size, match.pairs, previousKeys)
    case 'MergeInMemory': return mergeGrouping(size, match.pairs, previousKeys, reviewGroupOf)
  }
}

export function linkInMemory(table: RecordTable, strategies: readonly StrategySpec[], options: LinkOptions): LinkResult {
  const started = performance.now()
  const match = matchRecords(table, strategies, options)
  const matched = performance.now()
  const previousKeys = options.previousKeys ?? null
  const grouping = groupPairs(options.groupStrategy, table.size, match, previousKeys)
  const keys = assignKeys(grouping.groupOf, previousKeys, options.nextKeyNumber ?? 1)
  const review = options.eventTypeOf && options.authoritativeEventTypes
    ? groupsForReview(keys.keyOf, options.eventTypeOf, options.authoritativeEventTypes) : []
  return { match, grouping, keys, review, timings: { matchMs: matched - started, groupMs: performance.now() - matched } }
}
