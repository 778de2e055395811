/**
 * The Link step of a fast load (one activity): no match strategy runs and no pair is stored. The project's live
 * records with their current keys, grouped by Jurisdictional Linkage Key (key-pairs.ts) under the merge rule,
 * then stable keys and one revision, exactly as a linkage writes them (linkage-keys.ts).
 */
import type pg from 'pg'
import { assignKeys, createGrouper, type LinkageReport } from '@ligature/engine'
import { copyOut } from '../records/copy-out.js'
import { writeKeys } from '../records/linkage-keys.js'
import { quoteIdent } from '../records/record-schema.js'
import { jurisdictionalKeyPairs } from './key-pairs.js'

export interface FastLoadGrouping { report: LinkageReport; recordsLoaded: number; distinctKeys: number; recordsWithoutKey: number; pairsApplied: number }

export async function groupByJurisdictionalKey(client: pg.ClientBase, schema: string, linkageId: number): Promise<FastLoadGrouping> {
  const s = quoteIdent(schema)
  const ids: number[] = [], previous: number[] = [], fresh: number[] = [], keys: (string | null)[] = []
  await copyOut(client, `select r.id, (r.linkage_id = ${Math.trunc(linkageId)})::int, coalesce(k.key_number, 0), r."jurisdictionalLinkageKey"
    from ${s}.records r left join ${s}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by r.id`, (row) => {
    const isNew = row[1] === '1'
    ids.push(Number(row[0])); fresh.push(isNew ? 1 : 0); previous.push(isNew ? 0 : Number(row[2])); keys.push(row[3] ?? null)
  })
  const previousKeys = Float64Array.from(previous)
  const grouper = createGrouper('Merge', ids.length, previousKeys)
  const pairs = jurisdictionalKeyPairs(keys, fresh)
  for (const [i, j] of pairs) grouper.offer(i, j)
  const grouping = grouper.result()
  const sequence = await client.query<{ next_key: string }>(`select next_key from ${s}.key_sequence`)
  const assigned = assignKeys(grouping.groupOf, previousKeys, Number(sequence.rows[0]!.next_key))
  await client.query('begin')
  try {
    await writeKeys(client, schema, linkageId, Float64Array.from(ids), previousKeys, assigned.keyOf, assigned.nextKeyNumber)
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
  const newKeys = keys.filter((k, i) => fresh[i] && k)
  return {
    report: {
      recordsUsed: ids.length, recordsNotBlocked: 0, strategies: [], histogram: { binWidth: 1, bins: [], deterministic: 0, total: 0 },
      groupsNew: assigned.groupsNew, groupsUpdated: assigned.groupsUpdated, groupsUnchanged: assigned.groupsUnchanged,
      groupsDeleted: assigned.groupsDeleted, groupsForReview: 0,
    },
    recordsLoaded: fresh.reduce((n, f) => n + f, 0), distinctKeys: new Set(newKeys).size,
    recordsWithoutKey: keys.filter((k, i) => fresh[i] && !k).length, pairsApplied: grouping.pairsApplied,
  }
}
