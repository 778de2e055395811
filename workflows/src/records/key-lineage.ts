/**
 * Key lineage: where the records of an enduring key went, per revision. Written wherever keys change (every
 * path goes through `writeKeyChanges`: linkage, fast load, review, deletion and withdrawal regrouping), so a
 * holder of an old key can follow it: one row per (revision, from key, to key) with the records moved and
 * whether the from key ended (no current record has it any more: it disappeared in a merge) or lives on (a
 * split moved some of its records). A key whose last records were end-dated ends with no successor (to key
 * null). Rollback marks the undone revision's rows `undone_by`; nothing is deleted.
 * `published` is an outbox flag: the worker sends unpublished rows to the results service after each
 * map-changing job (publish-key-lineage.ts), and rollback clears it so the undo is sent too.
 */
import type pg from 'pg'
import type { KeyLineagePublication } from '@ligature/contracts/internal'
import { quoteIdent } from './record-schema.js'

export async function ensureKeyLineage(client: pg.ClientBase, s: string): Promise<void> {
  await client.query(`create table if not exists ${s}.key_lineage (revision integer not null, from_key bigint not null, to_key bigint,
    records integer not null, key_ended boolean not null default false, undone_by integer)`)
  await client.query(`create unique index if not exists key_lineage_move on ${s}.key_lineage (revision, from_key, coalesce(to_key, 0))`)
  await client.query(`create index if not exists key_lineage_from on ${s}.key_lineage (from_key)`)
  // Rows from before publishing existed start unpublished: the first publication sends the whole history.
  await client.query(`alter table ${s}.key_lineage add column if not exists published boolean not null default false`)
  await client.query(`create index if not exists key_lineage_unpublished on ${s}.key_lineage (revision) where not published`)
}

/**
 * Before the changed keys in temporary table `linkage_keys` replace the current rows: which key each moved
 * record leaves and joins, counted per pair of keys. A retried write finds the moves already made: nothing.
 */
export const recordKeyMoves = (client: pg.ClientBase, schema: string, revision: number) => client.query(`insert into ${quoteIdent(schema)}.key_lineage (revision, from_key, to_key, records)
  select $1, k.key_number, t.key_number, count(*) from linkage_keys t join ${quoteIdent(schema)}.record_keys k on k.record_id = t.record_id and k.to_revision is null
  where not t.fresh and k.key_number <> t.key_number group by k.key_number, t.key_number
  on conflict (revision, from_key, coalesce(to_key, 0)) do nothing`, [revision])

/** After the revision's key rows are written: which of the keys its records left no longer have any record. */
export async function markEndedKeys(client: pg.ClientBase, schema: string, revision: number, withdrawnKeys: number[] = []): Promise<void> {
  const s = quoteIdent(schema)
  // Keys whose records were all end-dated (deletion, withdrawal) and that no record moved out of: no successor.
  await client.query(`insert into ${s}.key_lineage (revision, from_key, to_key, records) select $1, k, null, 0 from unnest($2::bigint[]) k
    where not exists (select 1 from ${s}.key_lineage l where l.revision = $1 and l.from_key = k)
    on conflict (revision, from_key, coalesce(to_key, 0)) do nothing`, [revision, withdrawnKeys])
  await client.query(`update ${s}.key_lineage l set key_ended = not exists (select 1 from ${s}.record_keys k where k.key_number = l.from_key and k.to_revision is null)
    where l.revision = $1`, [revision])
  // A key that lives on after a deletion needs no "withdrawn" row.
  await client.query(`delete from ${s}.key_lineage where revision = $1 and to_key is null and not key_ended`, [revision])
}

/** The lineage a holder of enduring keys reads: every move of revisions committed and not undone, oldest first. */
export const keyLineageSql = (schema: string) => `select l.revision, r.committed_at, l.from_key, l.to_key, l.records, l.key_ended
  from ${quoteIdent(schema)}.key_lineage l join ${quoteIdent(schema)}.revisions r on r.revision = l.revision
  where r.committed_at is not null and l.undone_by is null order by l.revision, l.from_key, l.to_key nulls last`

/**
 * Per current key, the earlier keys whose records came to it, directly or through earlier moves (merges: the
 * ended keys it absorbed; splits: the key it split off from), as a temporary table for the extraction's map
 * query. Moves of committed, not undone revisions only; a step back follows only moves made no later than the
 * one it came through (a key that absorbed another after a split does not hand that key to the split-off one),
 * and `union` stops at rows already reached. The key itself is never its own previous key.
 */
export const PREVIOUS_KEYS_TABLE = 'previous_keys'
export const previousKeysSql = (schema: string) => `create temporary table ${PREVIOUS_KEYS_TABLE} on commit drop as
  with recursive move as (select distinct l.revision, l.from_key, l.to_key from ${quoteIdent(schema)}.key_lineage l
      join ${quoteIdent(schema)}.revisions r on r.revision = l.revision
      where r.committed_at is not null and l.undone_by is null and l.to_key is not null and l.to_key <> l.from_key),
    reach (key_number, previous, revision) as (select to_key, from_key, revision from move
      union select reach.key_number, move.from_key, move.revision from reach join move on move.to_key = reach.previous and move.revision <= reach.revision)
  select key_number, array_agg(distinct previous order by previous) as previous from reach where previous <> key_number group by key_number`

export type LineageMove = KeyLineagePublication['moves'][number]

/**
 * Moves not yet sent to the results service (new ones, and undone ones whose undo is not sent), oldest first:
 * committed revisions only, and an undo only once its rollback has committed.
 */
export async function unpublishedMoves(client: pg.ClientBase, schema: string, limit: number): Promise<LineageMove[]> {
  const s = quoteIdent(schema)
  const rows = await client.query<{ revision: number; committed_at: Date; from_key: string; to_key: string | null; records: number; key_ended: boolean; undone_by: number | null; undone_at: Date | null }>(
    `select l.revision, r.committed_at, l.from_key, l.to_key, l.records, l.key_ended, l.undone_by, u.committed_at as undone_at
    from ${s}.key_lineage l join ${s}.revisions r on r.revision = l.revision left join ${s}.revisions u on u.revision = l.undone_by
    where not l.published and r.committed_at is not null and (l.undone_by is null or u.committed_at is not null)
    order by l.revision, l.from_key, l.to_key nulls last limit $1`, [limit])
  return rows.rows.map((r) => ({
    revision: r.revision, changedAt: r.committed_at.toISOString(), fromKey: Number(r.from_key), toKey: r.to_key === null ? null : Number(r.to_key),
    records: r.records, keyEnded: r.key_ended, undoneByRevision: r.undone_by, undoneAt: r.undone_at?.toISOString() ?? null,
  }))
}

/** After the results service stored `moves`: flagged sent, unless a rollback changed a row meanwhile. */
export async function markPublished(client: pg.ClientBase, schema: string, moves: LineageMove[]): Promise<void> {
  await client.query(`update ${quoteIdent(schema)}.key_lineage l set published = true
    from unnest($1::int[], $2::bigint[], $3::bigint[], $4::int[]) m (revision, from_key, to_key, undone_by)
    where l.revision = m.revision and l.from_key = m.from_key and l.to_key is not distinct from m.to_key and l.undone_by is not distinct from m.undone_by`,
  [moves.map((m) => m.revision), moves.map((m) => m.fromKey), moves.map((m) => m.toKey), moves.map((m) => m.undoneByRevision)])
}
