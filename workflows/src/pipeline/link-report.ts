/**
 * The linkage report and Job stats from the partitions' figures and the grouping's. Blocks never span
 * partitions and no pair is kept by two partitions (kept-earlier.ts), so pairs created and kept add up and the
 * top blocking values of the whole linkage are the top of the partitions' tops; records blocked and not
 * blocked are whole-table figures every partition computes alike. The histogram comes from grouping, which
 * reads every kept pair (those of records end-dated meanwhile left out).
 */
import type { BlockReport, LargeBlocksReport, PartitionReport } from '@ligature/engine'
import { jobStats, NO_LARGE_BLOCKS, type LinkageReport } from '@ligature/engine'
import type { GroupOutcome } from './group-linkage.js'
import type { PartitionOutcome } from './link-partition.js'

export type Stat = { name: string; value: string }

const TOP = 10
const top = (reports: BlockReport[]) => [...reports].sort((a, b) => b.pairs - a.pairs || b.records - a.records).slice(0, TOP)

/** Each partition's own large blocks added up; the largest of the whole linkage are the top of the partitions' largest. */
function combinedLargeBlocks(parts: readonly LargeBlocksReport[]): LargeBlocksReport {
  const sum = (f: (r: LargeBlocksReport) => number) => parts.reduce((n, r) => n + f(r), 0)
  return { blocks: sum((r) => r.blocks), records: sum((r) => r.records), pairsIfWhole: sum((r) => r.pairsIfWhole),
    pairsCreated: sum((r) => r.pairsCreated), largest: top(parts.flatMap((r) => r.largest)) }
}

export function combinedReport(partitions: readonly PartitionOutcome[], group: GroupOutcome): LinkageReport {
  const first = partitions[0]
  const strategies = (first?.runs ?? []).map((run, s) => ({
    name: run.name, deterministic: run.deterministic, recordsBlocked: run.recordsBlocked,
    pairsCreated: partitions.reduce((n, p) => n + (p.runs[s]?.pairsCreated ?? 0), 0),
    pairsKept: group.pairsKeptByStrategy[s] ?? 0,
    topBlockingValues: top(partitions.flatMap((p) => p.runs[s]?.topBlockingValues ?? [])),
    largeBlocks: combinedLargeBlocks(partitions.map((p) => p.runs[s]?.largeBlocks ?? NO_LARGE_BLOCKS)),
  }))
  return {
    recordsUsed: group.records, recordsNotBlocked: first?.recordsNotBlocked ?? group.records, strategies, histogram: group.histogram,
    groupsNew: group.groupsNew, groupsUpdated: group.groupsUpdated, groupsUnchanged: group.groupsUnchanged,
    groupsDeleted: group.groupsDeleted, groupsForReview: group.groupsForReview, partitions: partitionReports(partitions),
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2)
const roundSeconds = (ms: number) => Math.round(ms / 10) / 100

/** Each partition's candidate pairs (all strategies) and times, in partition order: how even the split was. */
export function partitionReports(partitions: readonly PartitionOutcome[]): PartitionReport[] {
  return [...partitions].sort((a, b) => a.partition - b.partition).map((p) => ({
    partition: p.partition + 1, pairsCreated: p.runs.reduce((n, r) => n + r.pairsCreated, 0), pairsKept: p.pairsKept,
    readSeconds: roundSeconds(p.readMs), matchSeconds: roundSeconds(p.matchMs), writeSeconds: roundSeconds(p.writeMs),
  }))
}

/** Largest partition's candidate pairs over the mean: 1.00 is an even split, 2.00 one partition doing all of two. */
function balance(parts: readonly PartitionReport[]): string {
  const total = parts.reduce((n, p) => n + p.pairsCreated, 0)
  return total === 0 ? '1.00' : (Math.max(...parts.map((p) => p.pairsCreated)) / (total / parts.length)).toFixed(2)
}

/**
 * Job stats: the report's figures, then how the work ran. "Match seconds" is the wall time of the partition
 * phase (first start to last finish, reads included); "Match CPU seconds" adds up the partitions' scoring.
 * Per partition its candidate pairs and scoring seconds, and the balance (largest over mean candidate pairs).
 */
export function combinedStats(partitions: readonly PartitionOutcome[], group: GroupOutcome, report: LinkageReport): Stat[] {
  const sum = (f: (p: PartitionOutcome) => number) => partitions.reduce((n, p) => n + f(p), 0)
  const parts = report.partitions ?? partitionReports(partitions)
  const wall = partitions.length ? Math.max(...partitions.map((p) => p.finishedAt)) - Math.min(...partitions.map((p) => p.startedAt)) : 0
  return [
    ...jobStats(report),
    { name: 'Candidate pairs', value: String(report.strategies.reduce((n, s) => n + s.pairsCreated, 0)) },
    { name: 'Pairs stored', value: String(sum((p) => p.pairsKept)) },
    // Matching's read (a partition's, each reads the same) next to grouping's `Records used`.
    { name: 'Records read', value: String(Math.max(0, ...partitions.map((p) => p.records))) },
    // Where the partitions got them: the project's cached records, the linkage's snapshot, a worker's memory or Postgres.
    { name: 'Records read from', value: [...new Set(partitions.map((p) => p.readFrom))].join(', ') },
    { name: 'Partitions', value: String(partitions.length) },
    { name: 'Workers', value: String(new Set(partitions.map((p) => p.worker)).size) },
    { name: 'Partition balance', value: balance(parts) },
    ...parts.flatMap((p) => [
      { name: `Partition ${p.partition}: pairs created`, value: String(p.pairsCreated) },
      { name: `Partition ${p.partition}: match seconds`, value: p.matchSeconds.toFixed(2) },
    ]),
    { name: 'Read seconds', value: seconds(Math.max(0, ...partitions.map((p) => p.readMs))) },
    { name: 'Match seconds', value: seconds(wall) },
    { name: 'Match CPU seconds', value: seconds(sum((p) => p.matchMs)) },
    { name: 'Pair write seconds', value: seconds(sum((p) => p.writeMs)) },
    { name: 'Group seconds', value: seconds(group.readMs + group.groupMs) },
    { name: 'Key write seconds', value: seconds(group.writeMs) },
  ]
}
