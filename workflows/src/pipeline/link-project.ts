import type pg from 'pg'
import { groupPairs } from '@ligature/engine'
import { assignKeys } from '@ligature/engine'
import { groupsForReview } from '@ligature/engine'
import { Matcher } from '@ligature/engine'
import { jobStats, type LinkageReport } from '@ligature/engine'
import type { StrategySpec } from '@ligature/engine'
import { readyForTouchedRead } from '../records/touched-records.js'
import { clearLinkagePairs, writePartitionPairs } from '../records/linkage-pairs.js'
import { writeKeys } from '../records/linkage-keys.js'
import { quoteIdent } from '../records/record-schema.js'
import { readReviewGroups } from '../records/review-decisions.js'
import { linkageReadFor, readForMatching, type LinkageRead, type SecondConnection } from './linkage-read.js'

export interface LinkProjectInput {
  schema: string
  linkageId: number
  strategies: StrategySpec[]
  groupStrategy: string
  authoritativeEventTypeIds: number[]
  read?: LinkageRead
  /** A second connection for the touched read's term counts (readForMatching). */
  second?: SecondConnection
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))
const seconds = (ms: number) => (ms / 1000).toFixed(2)

/**
 * The in-memory strategies (WeightedBestLinkInMemory, MergeInMemory) in one activity: the linkage's new
 * records against themselves and the active records sharing a block with them (linkage-read.ts), pairs grouped in memory, stable keys
 * (a group keeps its key; merges keep the smallest), kept pairs stored with strategy and per-field weights.
 * The *OnDisk strategies split this across activities (link-partition.ts, group-linkage.ts).
 */
export async function linkProject(client: pg.ClientBase, input: LinkProjectInput) {
  const started = performance.now()
  const first = await linkageReadFor(client, input.schema, input.linkageId) === 'full'
  const scope = input.read ?? (first ? 'full' : 'touched')
  if (scope === 'touched') await readyForTouchedRead(client, input.schema, input.strategies)
  // Whole groups too: this table is also what the records are grouped over.
  const records = await readForMatching(client, input.schema, input.linkageId, input.strategies, scope, true, input.second)
  const table = records.table!
  const read = performance.now()
  const matcher = new Matcher(table, input.strategies)
  while (matcher.step()) await yieldToEventLoop()
  const match = matcher.result()
  const matched = performance.now()
  const reviewGroups = await readReviewGroups(client, input.schema, records.ids)
  const grouping = groupPairs(input.groupStrategy.startsWith('Merge') ? 'MergeInMemory' : 'WeightedBestLinkInMemory', table.size, match, records.previousKeys, reviewGroups)
  const sequence = await client.query<{ next_key: string }>(`select next_key from ${quoteIdent(input.schema)}.key_sequence`)
  const keys = assignKeys(grouping.groupOf, records.previousKeys, Number(sequence.rows[0]!.next_key))
  const review = groupsForReview(keys.keyOf, records.eventTypeOf, new Set(input.authoritativeEventTypeIds))
  const grouped = performance.now()
  await clearLinkagePairs(client, input.schema, input.linkageId)
  await writePartitionPairs(client, { schema: input.schema, linkageId: input.linkageId, partition: 0 }, records.ids, match)
  await client.query('begin')
  try {
    await writeKeys(client, input.schema, input.linkageId, records.ids, records.previousKeys, keys.keyOf, keys.nextKeyNumber)
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
  const written = performance.now()
  // As the on-disk path's grouping step does: a first linkage leaves the indexes the next touched read needs.
  if (first) await readyForTouchedRead(client, input.schema, input.strategies)
  const indexed = performance.now()
  const report: LinkageReport = {
    recordsUsed: table.size, recordsNotBlocked: match.recordsNotBlocked,
    strategies: match.runs.map((r) => ({ name: r.name, deterministic: r.deterministic, recordsBlocked: r.recordsBlocked,
      pairsCreated: r.pairsCreated, pairsKept: r.pairsKept, topBlockingValues: r.topBlockingValues, largeBlocks: r.largeBlocks })),
    histogram: match.histogram.toJSON(), groupsNew: keys.groupsNew, groupsUpdated: keys.groupsUpdated,
    groupsUnchanged: keys.groupsUnchanged, groupsDeleted: keys.groupsDeleted, groupsForReview: review.length,
  }
  const stats = [...jobStats(report),
    { name: 'Candidate pairs', value: String(match.runs.reduce((sum, r) => sum + r.pairsCreated, 0)) },
    { name: 'Pairs stored', value: String(match.pairs.length) },
    { name: 'Records read', value: String(table.size) }, { name: 'Partitions', value: '1' }, { name: 'Workers', value: '1' },
    { name: 'Read seconds', value: seconds(read - started) }, { name: 'Match seconds', value: seconds(matched - read) },
    { name: 'Match CPU seconds', value: seconds(matched - read) },
    { name: 'Group seconds', value: seconds(grouped - matched) }, { name: 'Key write seconds', value: seconds(written - grouped) },
    ...(first ? [{ name: 'Index seconds', value: seconds(indexed - written) }] : [])]
  return { records: table.size, report, stats }
}
