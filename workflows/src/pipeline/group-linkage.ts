/**
 * Grouping of a linkage from its pairs on disk (the *OnDisk strategies, and the last step of every
 * linkage): Postgres deduplicates and sorts the kept pairs (spilling to disk as it needs), the worker
 * streams them through the grouping rule over per-record typed arrays, so memory grows with the records,
 * never with the pairs. Then stable keys, the review rule, and one transaction that stores the changed keys
 * and advances the key sequence.
 */
import type pg from 'pg'
import { assignKeys } from '@ligature/engine'
import { createGrouper, groupingRule } from '@ligature/engine'
import { groupsForReview } from '@ligature/engine'
import { ScoreHistogram, type HistogramJson } from '@ligature/engine'
import { indexOfId, type LinkageRecords } from '../records/linkage-records.js'
import { readLinkagePairs } from '../records/linkage-pairs.js'
import { writeKeys } from '../records/linkage-keys.js'
import { quoteIdent } from '../records/record-schema.js'
import { readReviewGroups } from '../records/review-decisions.js'
import { linkageReadFor, readForGrouping, type LinkageRead } from './linkage-read.js'

export interface GroupInput {
  schema: string
  linkageId: number
  groupStrategy: string
  authoritativeEventTypeIds: number[]
  strategyCount: number
  read?: LinkageRead
  /**
   * The records the partitions matched, when this worker still holds them (LinkageTableCache.take). Used instead
   * of reading when grouping reads in full and every record is incoming (a first load): then the read would give
   * the same ids, event types and flags, and keys that are all 0, as a partition's read leaves them.
   */
  matched?: LinkageRecords | null
}

export interface GroupOutcome {
  records: number
  pairsKeptByStrategy: number[]
  histogram: HistogramJson
  groupsNew: number
  groupsUpdated: number
  groupsUnchanged: number
  groupsDeleted: number
  groupsForReview: number
  pairsRefused: number
  /** What grouping read of the project: 'full' for a first load, as matching did. */
  read: LinkageRead
  /** Where its records came from: the partitions' records this worker held, or the database. */
  readFrom: 'matched' | 'database'
  readMs: number
  groupMs: number
  writeMs: number
}

export async function groupLinkage(client: pg.ClientBase, input: GroupInput): Promise<GroupOutcome> {
  const started = Date.now()
  const s = quoteIdent(input.schema)
  // As matching decides (link-partition.ts): on a first load every record is incoming, and the touched query
  // would select them all the costly way (6.7 s against 1.6 s at a million records).
  const scope = input.read ?? await linkageReadFor(client, input.schema, input.linkageId)
  const matched = scope === 'full' ? wholeFirstLoad(input.matched) : null
  const records = matched ?? await readForGrouping(client, input.schema, input.linkageId, scope)
  const read = Date.now()
  const rule = groupingRule(input.groupStrategy)
  // Quality-review decisions constrain the grouping (a pair joining two review groups is refused).
  const grouper = createGrouper(rule, records.ids.length, records.previousKeys, await readReviewGroups(client, input.schema, records.ids))
  const histogram = new ScoreHistogram(1)
  const kept = new Array<number>(input.strategyCount).fill(0)
  await readLinkagePairs(client, input.schema, input.linkageId, rule === 'WeightedBestLink', (leftId, rightId, score, order) => {
    const i = indexOfId(records.ids, leftId), j = indexOfId(records.ids, rightId)
    // A record end-dated by a deletion job while this linkage ran takes no part.
    if (i < 0 || j < 0) return
    grouper.offer(i, j)
    histogram.add(score)
    kept[order] = (kept[order] ?? 0) + 1
  })
  const grouping = grouper.result()
  const sequence = await client.query<{ next_key: string }>(`select next_key from ${s}.key_sequence`)
  const keys = assignKeys(grouping.groupOf, records.previousKeys, Number(sequence.rows[0]!.next_key))
  const review = groupsForReview(keys.keyOf, records.eventTypeOf, new Set(input.authoritativeEventTypeIds))
  const grouped = Date.now()
  await client.query('begin')
  try {
    await writeKeys(client, input.schema, input.linkageId, records.ids, records.previousKeys, keys.keyOf, keys.nextKeyNumber)
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
  return {
    records: records.ids.length, pairsKeptByStrategy: kept, histogram: histogram.toJSON(),
    groupsNew: keys.groupsNew, groupsUpdated: keys.groupsUpdated, groupsUnchanged: keys.groupsUnchanged, groupsDeleted: keys.groupsDeleted,
    groupsForReview: review.length, pairsRefused: grouping.pairsRefused,
    read: scope, readFrom: matched ? 'matched' : 'database', readMs: read - started, groupMs: grouped - read, writeMs: Date.now() - grouped,
  }
}

/**
 * The matched records as grouping's full read would give them, or null when they may differ: some record not
 * incoming (its key would be read). Without their table: grouping needs only the per-record arrays.
 */
export function wholeFirstLoad(matched: LinkageRecords | null | undefined): LinkageRecords | null {
  if (!matched || !matched.isNew.every((flag) => flag === 1)) return null
  return { ids: matched.ids, eventTypeOf: matched.eventTypeOf, isNew: matched.isNew, previousKeys: new Float64Array(matched.ids.length), table: null }
}
