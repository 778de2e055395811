/**
 * Rollback of a project's last change (a linkage, deletion or quality review not yet undone), in one transaction under the
 * project's key lock. The map's history makes it exact: the target is the map as of the revision just before
 * the undone one, and the current map is brought to it row by row under a new `rollback` revision — key rows
 * not in the target are closed, target rows missing from the current map are opened again. Records the undone
 * changes end-dated come back; records that only the undone changes keyed are end-dated; the undone linkage's
 * pairs are dropped so no later grouping uses them. Nothing is erased: snapshots taken in between still read
 * the map they saw, and the revisions record who undid what, when and why. An undone review's decisions end
 * (and those it ended are current again), so they no longer constrain later linkages.
 */
import type pg from 'pg'
import { onceUnderProjectLock } from './revision-transaction.js'
import { quoteIdent } from './record-schema.js'
import { undoReviewDecisions } from './review-decisions.js'

export interface RollbackOutcome {
  undone: { revision: number; kind: string; linkageId: number | null; source: string | null } | null
  rollbackRevision: number | null
  keyRowsClosed: number; keyRowsReopened: number; recordsRestored: number; recordsRemoved: number; pairsDropped: number
  /** Quality-review decisions the undone change made (now ended) and ended (current again). */
  decisionsEnded: number; decisionsReopened: number
  /** A withdrawal (an event type removed from the project or deleted) that rollback refuses to go past. */
  blockedBy: { revision: number; reason: string | null } | null
}

const NOTHING: Omit<RollbackOutcome, 'undone' | 'rollbackRevision'> = { keyRowsClosed: 0, keyRowsReopened: 0, recordsRestored: 0, recordsRemoved: 0, pairsDropped: 0, decisionsEnded: 0, decisionsReopened: 0, blockedBy: null }

export function rollbackLastChange(client: pg.ClientBase, input: { schema: string; source: string; actor: string; reason: string }): Promise<RollbackOutcome> {
  const s = quoteIdent(input.schema)
  return onceUnderProjectLock<RollbackOutcome>(client, input.schema, input.source, async (open) => {
    const last = await client.query(`select revision, kind, linkage_id, source, reason from ${s}.revisions
      where kind in ('linkage', 'deletion', 'review', 'withdrawal') and undone_by is null and committed_at is not null order by revision desc limit 1`)
    const target = last.rows[0] as { revision: number; kind: string; linkage_id: number | null; source: string | null; reason: string | null } | undefined
    if (!target) return { revision: null, outcome: { undone: null, rollbackRevision: null, ...NOTHING } }
    // Undoing a withdrawal would bring back records of an event type that is no longer a member (or no longer
    // exists), and going past it would undo changes made after those records left: rollback stops there.
    if (target.kind === 'withdrawal') return { revision: null, outcome: { undone: null, rollbackRevision: null, ...NOTHING, blockedBy: { revision: target.revision, reason: target.reason } } }
    const revision = await open({ kind: 'rollback', actor: input.actor, reason: input.reason, undoes: target.revision })
    const before = target.revision - 1
    await client.query(`create temporary table rollback_target on commit drop as select record_id, key_number from ${s}.record_keys
      where from_revision <= $1 and (to_revision is null or to_revision > $1)`, [before])
    await client.query('create unique index on rollback_target (record_id)')
    const closed = await client.query(`update ${s}.record_keys k set to_revision = $1 where k.to_revision is null
      and not exists (select 1 from rollback_target t where t.record_id = k.record_id and t.key_number = k.key_number) returning k.record_id`, [revision])
    const reopened = await client.query(`insert into ${s}.record_keys (record_id, key_number, linkage_id, from_revision)
      select t.record_id, t.key_number, 0, $1 from rollback_target t
      where not exists (select 1 from ${s}.record_keys k where k.record_id = t.record_id and k.to_revision is null)`, [revision])
    const restored = await client.query(`update ${s}.records r set end_dated_at = null, end_dated_revision = null
      where r.end_dated_revision > $1 and exists (select 1 from rollback_target t where t.record_id = r.id)`, [before])
    const closedIds = closed.rows.map((r: { record_id: string }) => r.record_id)
    const removed = await client.query(`update ${s}.records r set end_dated_at = now(), end_dated_revision = $1
      where r.end_dated_at is null and r.id = any($2::bigint[]) and not exists (select 1 from rollback_target t where t.record_id = r.id)`, [revision, closedIds])
    const pairs = target.linkage_id === null ? { rowCount: 0 } : await client.query(`delete from ${s}.pairs where linkage_id = $1`, [target.linkage_id])
    const decisions = await undoReviewDecisions(client, input.schema, target.revision, revision)
    await client.query(`update ${s}.revisions set undone_by = $1 where revision = $2`, [revision, target.revision])
    // Cleared `published`: the undo is sent to the results service like a new move (publish-key-lineage.ts).
    await client.query(`update ${s}.key_lineage set undone_by = $1, published = false where revision = $2`, [revision, target.revision])
    return {
      revision,
      outcome: {
        undone: { revision: target.revision, kind: target.kind, linkageId: target.linkage_id, source: target.source }, rollbackRevision: revision,
        keyRowsClosed: closed.rowCount ?? 0, keyRowsReopened: reopened.rowCount ?? 0, recordsRestored: restored.rowCount ?? 0,
        recordsRemoved: removed.rowCount ?? 0, pairsDropped: pairs.rowCount ?? 0,
        decisionsEnded: decisions.ended, decisionsReopened: decisions.reopened, blockedBy: null,
      },
    }
  })
}
