/**
 * Key lineage: where the records of an enduring key went, per revision. Written wherever keys change (every
 * path goes through `writeKeyChanges`: linkage, fast load, review, deletion and withdrawal regrouping), so a
 * holder of an old key can follow it: one row per (revision, from key, to key) with the records moved and
 * whether the from key ended (no current record has it any more: it disappeared in a merge) or lives on (a
 * split moved some of its records). A key whose last records were end-dated ends with no successor (to key
 * null). Rollback marks the undone revision's rows `undone_by`; nothing is deleted.
 */
import type pg from 'pg'
import { quoteIdent } from './record-schema.js'

export async function ensureKeyLineage(client: pg.ClientBase, s: string): Promise<void> {
  await client.query(`create table if not exists ${s}.key_lineage (revision integer not null, from_key bigint not null, to_key bigint,
    records integer not null, key_ended boolean not null default false, undone_by integer)`)
  await client.query(`create unique index if not exists key_lineage_move on ${s}.key_lineage (revision, from_key, coalesce(to_key, 0))`)
  await client.query(`create index if not exists key_lineage_from on ${s}.key_lineage (from_key)`)
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
