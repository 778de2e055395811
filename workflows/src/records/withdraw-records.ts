/**
 * Withdrawal of whole event types from a project's map: what removing an event type from a project (a member),
 * deleting an event type or deleting a data provider does to each project holding its records. The same
 * end-dating as a deletion envelope — one transaction under the project's key lock, one `withdrawal` revision:
 * the records are end-dated, their key rows closed, and each group that lost a record is regrouped into the
 * connected components of its survivors (keys by the documented rule). Rollback never goes past a withdrawal
 * (DECISIONS.md "Deletion and rollback"): the event type is no longer a member, or no longer exists.
 */
import type pg from 'pg'
import { onceUnderProjectLock } from './revision-transaction.js'
import { quoteIdent } from './record-schema.js'
import { markEndedKeys } from './key-lineage.js'
import { regroup } from './delete-records.js'

/** Which live records leave: those of the listed event types, or those of every event type not kept. */
export type WithdrawalSelection = { eventTypeIds: number[] } | { keepEventTypeIds: number[] }

export interface WithdrawalOutcome {
  eventTypeIds: number[]; recordsEndDated: number; groupsAffected: number; groupsAfter: number
  groupsSplit: number; keysIssued: number; keysEnded: number
}

const condition = (sel: WithdrawalSelection) => 'eventTypeIds' in sel
  ? { sql: 'event_type_id = any($1::int[])', ids: sel.eventTypeIds } : { sql: 'not (event_type_id = any($1::int[]))', ids: sel.keepEventTypeIds }

/** The event types of the selection that still have live records (empty: nothing to withdraw). */
export async function withdrawableEventTypes(client: pg.ClientBase, schema: string, sel: WithdrawalSelection): Promise<number[]> {
  const c = condition(sel)
  const res = await client.query(`select distinct event_type_id from ${quoteIdent(schema)}.records where end_dated_at is null and ${c.sql} order by 1`, [c.ids])
  return res.rows.map((r: { event_type_id: number }) => r.event_type_id)
}

export function withdrawRecords(client: pg.ClientBase, input: { schema: string; source: string; actor: string; reason: string; selection: WithdrawalSelection }): Promise<WithdrawalOutcome> {
  const s = quoteIdent(input.schema)
  const c = condition(input.selection)
  return onceUnderProjectLock<WithdrawalOutcome>(client, input.schema, input.source, async (open) => {
    const eventTypeIds = await withdrawableEventTypes(client, input.schema, input.selection)
    if (eventTypeIds.length === 0) {
      return { revision: null, outcome: { eventTypeIds, recordsEndDated: 0, groupsAffected: 0, groupsAfter: 0, groupsSplit: 0, keysIssued: 0, keysEnded: 0 } }
    }
    const revision = await open({ kind: 'withdrawal', actor: input.actor, reason: input.reason })
    const ended = await client.query(`update ${s}.records set end_dated_at = now(), end_dated_revision = $2
      where end_dated_at is null and ${c.sql} returning id`, [c.ids, revision])
    const endedIds = ended.rows.map((r: { id: string }) => Number(r.id))
    const closed = await client.query(`update ${s}.record_keys set to_revision = $1 where record_id = any($2::bigint[]) and to_revision is null
      returning key_number`, [revision, endedIds])
    const affectedKeys = [...new Set(closed.rows.map((r: { key_number: string }) => Number(r.key_number)))]
    const regrouped = await regroup(client, s, input.schema, revision, affectedKeys)
    await markEndedKeys(client, input.schema, revision, affectedKeys)
    const still = await client.query<{ n: number }>(`select count(distinct key_number)::int as n from ${s}.record_keys where key_number = any($1::bigint[]) and to_revision is null`, [affectedKeys])
    return {
      revision,
      outcome: { eventTypeIds, recordsEndDated: endedIds.length, groupsAffected: affectedKeys.length, ...regrouped, keysEnded: affectedKeys.length - Number(still.rows[0]!.n) },
    }
  })
}
