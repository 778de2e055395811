/**
 * Quality-review decisions, beside the record store: one row per record a review placed, naming its review
 * group (the review's revision and the row label), valid from the revision that made it until the one that
 * ended it (`to_revision` null = current), like `record_keys`. A later review naming the record ends its row
 * and opens a new one; rolling the review back ends the rows it made and reopens the rows it ended. Rows are
 * never deleted, so who was placed where, by which review, stays readable.
 *
 * What a current decision means (DECISIONS.md "Quality review"): records of one review group stay in one
 * group; records of different review groups are never grouped together by a later linkage.
 */
import type pg from 'pg'
import { indexOfId } from './linkage-records.js'
import { quoteIdent } from './record-schema.js'

export async function ensureReviewDecisions(client: pg.ClientBase, schema: string): Promise<void> {
  const s = quoteIdent(schema)
  await client.query(`create table if not exists ${s}.review_decisions (
    record_id bigint not null, review_revision integer not null, label text not null,
    from_revision integer not null, to_revision integer)`)
  await client.query(`create unique index if not exists review_decisions_current on ${s}.review_decisions (record_id) where to_revision is null`)
  await client.query(`create index if not exists review_decisions_review on ${s}.review_decisions (review_revision)`)
}

const hasDecisions = async (client: pg.ClientBase, schema: string) =>
  (await client.query<{ present: boolean }>(`select to_regclass($1) is not null as present`, [`${quoteIdent(schema)}.review_decisions`])).rows[0]!.present === true

/**
 * The current review group of each record of `ids` (ascending database ids) as a dense number, −1 for none;
 * null when the project has no current decision (the common case costs one query).
 */
export async function readReviewGroups(client: pg.ClientBase, schema: string, ids: Float64Array): Promise<Int32Array | null> {
  if (!(await hasDecisions(client, schema))) return null
  const rows = await client.query(`select record_id, review_revision, label from ${quoteIdent(schema)}.review_decisions where to_revision is null`)
  if (rows.rowCount === 0) return null
  const groupOf = new Int32Array(ids.length).fill(-1)
  const dense = new Map<string, number>()
  for (const row of rows.rows as { record_id: string; review_revision: number; label: string }[]) {
    const i = indexOfId(ids, Number(row.record_id))
    if (i < 0) continue // end-dated since the review
    const name = `${row.review_revision}\u0000${row.label}`
    let g = dense.get(name)
    if (g === undefined) { g = dense.size; dense.set(name, g) }
    groupOf[i] = g
  }
  return groupOf
}

/** The current decisions of the given records: record id → review group name (for deletion's regrouping). */
export async function currentReviewGroups(client: pg.ClientBase, schema: string, recordIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>()
  if (recordIds.length === 0 || !(await hasDecisions(client, schema))) return out
  const rows = await client.query(`select record_id, review_revision, label from ${quoteIdent(schema)}.review_decisions
    where to_revision is null and record_id = any($1::bigint[])`, [recordIds])
  for (const r of rows.rows as { record_id: string; review_revision: number; label: string }[]) out.set(Number(r.record_id), `${r.review_revision}\u0000${r.label}`)
  return out
}

/**
 * Rollback of revision `undone` under revision `rollback`: the decisions it made end (reopened copies
 * included), the ones it ended are current again (as new rows, so the history keeps both). Returns how many of each.
 */
export async function undoReviewDecisions(client: pg.ClientBase, schema: string, undone: number, rollback: number): Promise<{ ended: number; reopened: number }> {
  if (!(await hasDecisions(client, schema))) return { ended: 0, reopened: 0 }
  const s = quoteIdent(schema)
  // By review_revision, not from_revision: a decision an earlier rollback reopened is a new row of the same review.
  const ended = await client.query(`update ${s}.review_decisions set to_revision = $2 where review_revision = $1 and to_revision is null`, [undone, rollback])
  const reopened = await client.query(`insert into ${s}.review_decisions (record_id, review_revision, label, from_revision)
    select d.record_id, d.review_revision, d.label, $2 from ${s}.review_decisions d
    where d.to_revision = $1 and not exists (select 1 from ${s}.review_decisions c where c.record_id = d.record_id and c.to_revision is null)`, [undone, rollback])
  return { ended: ended.rowCount ?? 0, reopened: reopened.rowCount ?? 0 }
}
