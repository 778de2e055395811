/**
 * Stores a linkage's keys: only records whose key changed (incoming records, regrouped or merged ones) are
 * written, through COPY into a temporary table (a project's first keys straight into the key table), so a
 * linkage that adds a few records to a large project writes a few rows. A changed key closes the record's
 * current row and opens a new one under the linkage's revision (the history snapshot extraction projects read),
 * and where each moved record went (key-lineage.ts).
 * Runs inside the caller's transaction.
 */
import type pg from 'pg'
import { batched, copyIn } from './copy-in.js'
import { quoteIdent, RECORD_KEYS_INDEX_NAMES, recordKeysIndexes } from './record-schema.js'
import { markEndedKeys, recordKeyMoves } from './key-lineage.js'

function* changedKeys(ids: Float64Array, previousKeys: Float64Array, keyOf: Float64Array): Generator<string> {
  for (let i = 0; i < ids.length; i++) if (keyOf[i] !== previousKeys[i]) yield `${ids[i]}\t${keyOf[i]}\t${previousKeys[i] === 0 ? 't' : 'f'}\n`
}

/** Serialises map changes of one project, so revisions commit in the order they are numbered. */
export const lockProjectKeys = (client: pg.ClientBase, schema: string) =>
  client.query(`select pg_advisory_xact_lock(hashtext('ligature.keys.' || $1::text))`, [schema])

/** The linkage's revision (the same one again when a retried activity writes the same linkage). */
export async function openRevision(client: pg.ClientBase, schema: string, linkageId: number | null, kind: string): Promise<number> {
  const s = quoteIdent(schema)
  await lockProjectKeys(client, schema)
  const row = await client.query<{ revision: string }>(`insert into ${s}.revisions (linkage_id, kind) values ($1, $2)
    on conflict (linkage_id) do update set kind = excluded.kind returning revision`, [linkageId, kind])
  return Number(row.rows[0]!.revision)
}

/** Stamps the commit time last, so a reader as of time T sees exactly the revisions committed by then. */
export const closeRevision = (client: pg.ClientBase, schema: string, revision: number) =>
  client.query(`update ${quoteIdent(schema)}.revisions set committed_at = clock_timestamp() where revision = $1`, [revision])

export async function writeKeys(client: pg.ClientBase, schema: string, linkageId: number, ids: Float64Array,
  previousKeys: Float64Array, keyOf: Float64Array, nextKeyNumber: number): Promise<void> {
  const revision = await openRevision(client, schema, linkageId, 'linkage')
  await writeKeyChanges(client, schema, revision, linkageId, ids, previousKeys, keyOf, nextKeyNumber)
  await closeRevision(client, schema, revision)
}

/** The changed keys of `ids` under `revision` (`linkageId` 0 for changes that are not a linkage's). */
export async function writeKeyChanges(client: pg.ClientBase, schema: string, revision: number, linkageId: number, ids: Float64Array,
  previousKeys: Float64Array, keyOf: Float64Array, nextKeyNumber: number): Promise<void> {
  const s = quoteIdent(schema)
  if (await holdsNoKeys(client, s)) {
    await copyFirstKeys(client, s, firstKeyRows(ids, previousKeys, keyOf, linkageId, revision))
  } else {
    await client.query('create temporary table linkage_keys (record_id bigint not null, key_number bigint not null, fresh boolean not null) on commit drop')
    await copyIn(client, 'copy linkage_keys (record_id, key_number, fresh) from stdin', batched(changedKeys(ids, previousKeys, keyOf)))
    await recordKeyMoves(client, schema, revision)
    await replaceChangedKeys(client, s, linkageId, revision)
    await client.query('drop table linkage_keys')
  }
  await client.query(`update ${s}.key_sequence set next_key = greatest(next_key, $1)`, [nextKeyNumber])
  await markEndedKeys(client, schema, revision)
}

const holdsNoKeys = async (client: pg.ClientBase, s: string) =>
  !(await client.query<{ any: boolean }>(`select exists (select 1 from ${s}.record_keys) as any`)).rows[0]!.any

/** A first write's key rows as COPY lines: the changed keys, as changedKeys picks them (none had a row before, so none moved). */
function* firstKeyRows(ids: Float64Array, previousKeys: Float64Array, keyOf: Float64Array, linkageId: number, revision: number): Generator<string> {
  const tail = `\t${Number(linkageId)}\t${Number(revision)}\n`
  for (let i = 0; i < ids.length; i++) if (keyOf[i] !== previousKeys[i]) yield `${ids[i]}\t${keyOf[i]}${tail}`
}

/**
 * A project's first keys (a first load): no row to close, to skip or to trace in the lineage, so the key rows
 * are copied straight into the table and its indexes built after, in the same transaction. At three million keys
 * in psql: 7.0 s (insert 3.7 s, the two builds 1.7 and 1.6 s) against 14.2 s inserting through the indexes; the
 * copy no longer passes through a temporary table first. Dropping the indexes locks the key table until the
 * transaction commits; a first load has no keys for anyone to read meanwhile.
 */
async function copyFirstKeys(client: pg.ClientBase, s: string, rows: Iterable<string>): Promise<void> {
  await client.query(`drop index ${RECORD_KEYS_INDEX_NAMES.map((name) => `${s}.${quoteIdent(name)}`).join(', ')}`)
  await copyIn(client, `copy ${s}.record_keys (record_id, key_number, linkage_id, from_revision) from stdin`, batched(rows))
  // The unique index refuses a second current row for a record here, as it would have on insert.
  for (const index of recordKeysIndexes(s)) await client.query(index)
  // Statistics now, not when autovacuum gets round to it: the next envelope's reads join these keys, and a never
  // analysed table is planned as a few rows (4,618 estimated against a million after a first load).
  await client.query(`analyze ${s}.record_keys`)
}

async function replaceChangedKeys(client: pg.ClientBase, s: string, linkageId: number, revision: number): Promise<void> {
  // Records whose key changed close their current row; then every record without a current row gets one (a
  // retried write finds its own row and skips it). A plain insert after an anti-join, not ON CONFLICT: every
  // writer of keys holds the project's key lock (openRevision), so no row can appear in between, and ON
  // CONFLICT's speculative insertion costs extra per row (a million fresh keys in psql: 7.7 s against 5.1 s).
  // The unique index on current rows still refuses a second current row.
  await client.query(`update ${s}.record_keys k set to_revision = $1 from linkage_keys t
    where not t.fresh and k.record_id = t.record_id and k.to_revision is null and k.key_number <> t.key_number`, [revision])
  await client.query(`insert into ${s}.record_keys (record_id, key_number, linkage_id, from_revision)
    select t.record_id, t.key_number, $1, $2 from linkage_keys t
    where not exists (select 1 from ${s}.record_keys k where k.record_id = t.record_id and k.to_revision is null)`, [linkageId, revision])
}
