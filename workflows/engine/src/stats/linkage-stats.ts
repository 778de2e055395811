/**
 * The figures of one linkage for Job.stats (name/value pairs) and the report notification: records used,
 * records that could not be blocked, per strategy records blocked, pairs created and kept and the top
 * blocking values, the score histogram and groups new/updated/unchanged/deleted.
 */
import type { LinkResult } from '../link.js'
import type { BlockReport } from '../blocking/top-blocks.js'
import type { LargeBlocksReport } from '../blocking/candidates.js'
import type { HistogramJson } from './histogram.js'

export interface StrategyReport {
  name: string
  deterministic: boolean
  recordsBlocked: number
  pairsCreated: number
  pairsKept: number
  topBlockingValues: BlockReport[]
  /** Blocks over the strategy's cap, compared by sort-order windows (blocking/neighbourhood.ts). */
  largeBlocks: LargeBlocksReport
}

/**
 * What the linkage listed for clerical review (DECISIONS.md "Quality review"), added by the pipeline after
 * grouping: pairs scoring from their strategy's threshold to the upper review threshold (threshold + margin),
 * how many of them ended in one group, flagged groups, and the results service's clerical review
 * (`GET /clericalreviews/{id}`; null when nothing was listed, or the list was too large to store there).
 */
export interface ClericalReviewSummary {
  pairs: number
  pairsLinked: number
  flaggedGroups: number
  records: number
  clericalReviewId: number | null
}

/** One block partition of an on-disk linkage: its share of the candidate pairs and how long it took. */
export interface PartitionReport {
  partition: number
  pairsCreated: number
  pairsKept: number
  readSeconds: number
  matchSeconds: number
  writeSeconds: number
}

export interface LinkageReport {
  recordsUsed: number
  recordsNotBlocked: number
  strategies: StrategyReport[]
  histogram: HistogramJson
  groupsNew: number
  groupsUpdated: number
  groupsUnchanged: number
  groupsDeleted: number
  groupsForReview: number
  /** Envelope linkages only: set once the pairs are stored, before the report is written. */
  clericalReview?: ClericalReviewSummary
  /** On-disk linkages: per block partition, in partition order. */
  partitions?: PartitionReport[]
}

export function linkageReport(result: LinkResult, recordsUsed: number): LinkageReport {
  const { match, keys } = result
  return {
    recordsUsed,
    recordsNotBlocked: match.recordsNotBlocked,
    strategies: match.runs.map(r => ({ name: r.name, deterministic: r.deterministic, recordsBlocked: r.recordsBlocked,
      pairsCreated: r.pairsCreated, pairsKept: r.pairsKept, topBlockingValues: r.topBlockingValues,
      largeBlocks: r.largeBlocks })),
    histogram: match.histogram.toJSON(),
    groupsNew: keys.groupsNew,
    groupsUpdated: keys.groupsUpdated,
    groupsUnchanged: keys.groupsUnchanged,
    groupsDeleted: keys.groupsDeleted,
    groupsForReview: result.review.length,
  }
}

/** Job.stats entries: flat name/value pairs (values as strings, as the API's list carries them). */
export function jobStats(report: LinkageReport): { name: string; value: string }[] {
  const stats: [string, number][] = [
    ['Records used', report.recordsUsed],
    ['Records not blocked', report.recordsNotBlocked],
    ...report.strategies.flatMap((s): [string, number][] => [
      [`${s.name}: records blocked`, s.recordsBlocked],
      [`${s.name}: pairs created`, s.pairsCreated],
      [`${s.name}: pairs kept`, s.pairsKept],
    ]),
    ['Groups new', report.groupsNew],
    ['Groups updated', report.groupsUpdated],
    ['Groups unchanged', report.groupsUnchanged],
    ['Groups deleted', report.groupsDeleted],
    ['Groups for review', report.groupsForReview],
  ]
  return stats.map(([name, value]) => ({ name, value: String(value) }))
}
