/**
 * A deletion envelope's file applied to a project's map, in one transaction under the project's key lock: the
 * listed live records of the event type are end-dated and their key rows closed, then each group that lost a
 * record is regrouped from what is left of it — its surviving records split into the connected components of
 * their stored pairs (a group that loses its bridging record splits; nothing ever joins). Survivors keep keys
 * by the engine's rule: the component holding the group's oldest record keeps the key, the others get new
 * ones. All of it is one revision, so snapshots taken before still see the records and rollback can undo it.
 */
import type pg from 'pg'
import { assignKeys } from '@ligature/engine'
import { loadIdList } from '../extraction/ids-file.js'
import { ID_TABLE } from '../extraction/map-query.js'
import { writeKeyChanges } from './linkage-keys.js'
import { onceUnderProjectLock } from './revision-transaction.js'
import { quoteIdent } from './record-schema.js'
import { markEndedKeys } from './key-lineage.js'
import { currentReviewGroups } from './review-decisions.js'

export interface DeletionOutcome {
  idsListed: number; recordsEndDated: number; idsNotFound: number; unknownSample: string[]
  groupsAffected: number; groupsAfter: number; keysIssued: number; groupsSplit: number
}

export function deleteListedRecords(client: pg.ClientBase, input: { schema: string; eventTypeId: number; idsPath: string; source: string }): Promise<DeletionOutcome> {
  const s = quoteIdent(input.schema)
  return onceUnderProjectLock(client, input.schema, input.source, async (open) => {
    const revision = await open({ kind: 'deletion' })
    const idsListed = await loadIdList(client, input.idsPath)
    const ended = await client.query(`update ${s}.records r set end_dated_at = now(), end_dated_revision = $2 from ${ID_TABLE} i
      where r.event_type_id = $1 and r."sourceUniqueId" = i.suid and r.end_dated_at is null returning r.id`, [input.eventTypeId, revision])
    const endedIds = ended.rows.map((r: { id: string }) => Number(r.id))
    const unknown = await client.query(`select i.suid from ${ID_TABLE} i where not exists (select 1 from ${s}.records r
      where r.event_type_id = $1 and r."sourceUniqueId" = i.suid and r.end_dated_revision = $2) order by i.line`, [input.eventTypeId, revision])
    const closed = await client.query(`update ${s}.record_keys set to_revision = $1 where record_id = any($2::bigint[]) and to_revision is null
      returning key_number`, [revision, endedIds])
    const affectedKeys = [...new Set(closed.rows.map((r: { key_number: string }) => Number(r.key_number)))]
    const regrouped = await regroup(client, s, input.schema, revision, affectedKeys)
    await markEndedKeys(client, input.schema, revision, affectedKeys)
    return {
      revision,
      outcome: {
        idsListed, recordsEndDated: endedIds.length, idsNotFound: unknown.rowCount ?? 0, unknownSample: unknown.rows.slice(0, 50).map((r: { suid: string }) => r.suid),
        groupsAffected: affectedKeys.length, ...regrouped,
      },
    }
  })
}

/** Splits the survivors of each affected group into the connected components of their pairs. */
export async function regroup(client: pg.ClientBase, s: string, schema: string, revision: number, keys: number[]) {
  if (keys.length === 0) return { groupsAfter: 0, keysIssued: 0, groupsSplit: 0 }
  const survivors = await client.query(`select k.record_id, k.key_number from ${s}.record_keys k join ${s}.records r on r.id = k.record_id
    where k.key_number = any($1::bigint[]) and k.to_revision is null and r.end_dated_at is null order by k.record_id`, [keys])
  const ids = Float64Array.from(survivors.rows, (r: { record_id: string }) => Number(r.record_id))
  const previousKeys = Float64Array.from(survivors.rows, (r: { key_number: string }) => Number(r.key_number))
  const index = new Map<number, number>()
  ids.forEach((id, i) => index.set(id, i))
  const parent = Int32Array.from(ids, (_, i) => i)
  const find = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]!]!; i = parent[i]! } return i }
  const pairs = await client.query(`select left_id, right_id from ${s}.pairs where left_id = any($1::bigint[]) and right_id = any($1::bigint[])`, [Array.from(ids)])
  for (const p of pairs.rows as { left_id: string; right_id: string }[]) {
    const a = index.get(Number(p.left_id)), b = index.get(Number(p.right_id))
    // Only records of one group are joined: pairs across groups were refused by the grouping that made them.
    if (a === undefined || b === undefined || previousKeys[a] !== previousKeys[b]) continue
    const ra = find(a), rb = find(b)
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb)
  }
  // Records a quality review placed in one group stay together even without pairs between them.
  const reviewed = await currentReviewGroups(client, schema, Array.from(ids))
  const firstOfReviewGroup = new Map<string, number>()
  for (const [i, id] of ids.entries()) {
    const name = reviewed.get(id)
    if (name === undefined) continue
    const first = firstOfReviewGroup.get(name)
    if (first === undefined) { firstOfReviewGroup.set(name, i); continue }
    const ra = find(first), rb = find(i)
    if (ra !== rb && previousKeys[first] === previousKeys[i]) parent[Math.max(ra, rb)] = Math.min(ra, rb)
  }
  const groupOf = Int32Array.from(ids, (_, i) => find(i))
  const next = Number((await client.query<{ next_key: string }>(`select next_key from ${s}.key_sequence`)).rows[0]!.next_key)
  const assigned = assignKeys(groupOf, previousKeys, next)
  await writeKeyChanges(client, schema, revision, 0, ids, previousKeys, assigned.keyOf, assigned.nextKeyNumber)
  // A group split when its survivors form more than one component.
  const componentsOf = new Map<number, Set<number>>()
  groupOf.forEach((g, i) => { const k = previousKeys[i]!; if (!componentsOf.has(k)) componentsOf.set(k, new Set()); componentsOf.get(k)!.add(g) })
  const groupsSplit = [...componentsOf.values()].filter((c) => c.size > 1).length
  return { groupsAfter: new Set(groupOf).size, keysIssued: assigned.nextKeyNumber - next, groupsSplit }
}
