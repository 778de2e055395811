import type pg from 'pg'
import { RECORD_COLUMNS } from '../loading/store/copy-text.js'
import { BLOOM_FIELDS } from '../loading/linkage-fields.js'
import { ensureKeyLineage } from './key-lineage.js'
import { ensureRecordChanges } from './record-changes.js'

/** The record store of one project lives in its own schema, which outlives the project (spec: it remains). */
export const projectSchema = (projectId: number) => `project_${projectId}`

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * The indexes of the key history (`s` quoted): one current row per record, and the records of a key. A project's
 * first keys are inserted without them and they are built after (linkage-keys.ts).
 */
export const RECORD_KEYS_INDEX_NAMES = ['record_keys_current', 'record_keys_key'] as const
export const recordKeysIndexes = (s: string) => [
  `create unique index if not exists record_keys_current on ${s}.record_keys (record_id) where to_revision is null`,
  `create index if not exists record_keys_key on ${s}.record_keys (key_number)`,
]

/** Columns every stored record has besides the linkage data, in COPY order. */
export const RECORD_META_COLUMNS = ['event_type_id', 'linkage_id', 'file_index', 'row_number'] as const

/**
 * Creates the tables of a project's record store if they are missing. Linkage fields are text (lengths are
 * enforced by preprocessing); `end_dated_at` marks records withdrawn by deletion jobs; keys are per record.
 */
export async function ensureRecordStore(client: pg.ClientBase, projectId: number): Promise<string> {
  const s = quoteIdent(projectSchema(projectId))
  const dataColumns = RECORD_COLUMNS.map((c) => `${quoteIdent(c)} ${c === 'aux' ? 'jsonb' : 'text'}`).join(', ')
  await client.query(`create schema if not exists ${s}`)
  await client.query(`create table if not exists ${s}.records (
    id bigserial primary key, event_type_id integer not null, linkage_id integer not null, file_index integer not null, row_number integer not null,
    ${dataColumns}, loaded_at timestamptz not null default now(), end_dated_at timestamptz)`)
  await client.query(`create index if not exists records_linkage on ${s}.records (linkage_id)`)
  await client.query(`create index if not exists records_event_type on ${s}.records (event_type_id, "sourceUniqueId")`)
  // Key history: a record's key row is valid from the revision that gave it until the one that replaced it
  // (`to_revision` null = current), so the map as of any revision is one query (snapshot extraction
  // projects, and later rollback). No foreign key to records: its per-row check takes a row lock on each
  // record, which made storing a million keys rewrite a million record rows. Records are never deleted.
  await client.query(`create table if not exists ${s}.record_keys (
    record_id bigint not null, key_number bigint not null, linkage_id integer not null, from_revision integer not null default 0, to_revision integer)`)
  await client.query(`alter table ${s}.record_keys drop constraint if exists record_keys_record_id_fkey, drop constraint if exists record_keys_pkey,
    add column if not exists from_revision integer not null default 0, add column if not exists to_revision integer`)
  for (const index of recordKeysIndexes(s)) await client.query(index)
  // One row per change of the map; `committed_at` is stamped as the change commits, under the project's key
  // lock, so revision order is commit order. Revision 0 (rows from before history) counts as the beginning.
  await client.query(`create table if not exists ${s}.revisions (
    revision serial primary key, linkage_id integer unique, kind text not null, committed_at timestamptz)`)
  // Deletions and rollbacks: what asked for them (unique, so a retried job finds its own), who and why, what a
  // rollback undid, and the outcome a retry answers with. Records remember the revision that end-dated them.
  await client.query(`alter table ${s}.revisions add column if not exists source text unique, add column if not exists actor text,
    add column if not exists reason text, add column if not exists undoes integer, add column if not exists undone_by integer,
    add column if not exists outcome jsonb`)
  await client.query(`alter table ${s}.records add column if not exists end_dated_revision integer`)
  // Destroyed records keep their row, with their personal identifiers blanked by this revision (never undone).
  await client.query(`alter table ${s}.records add column if not exists destroyed_revision integer`)
  // Stores made before the Bloom-encoded fields had columns (their values went to `aux`) gain them empty.
  await client.query(`alter table ${s}.records ${BLOOM_FIELDS.map((f) => `add column if not exists ${quoteIdent(f)} text`).join(', ')}`)
  await client.query(`create table if not exists ${s}.pairs (
    linkage_id integer not null, left_id bigint not null, right_id bigint not null, strategy text not null,
    score double precision not null, weights json, primary key (linkage_id, left_id, right_id))`)
  // Weights are written once and read only to explain a link: json keeps the text as written, where jsonb
  // parsed every pair into its binary form (275,000 pairs COPY in 1.2 s as jsonb, 0.7 s as json). Stores made
  // before change theirs once, here.
  await client.query(`do $$ begin
    if (select atttypid = 'jsonb'::regtype from pg_attribute where attrelid = '${s}.pairs'::regclass and attname = 'weights') then
      alter table ${s}.pairs alter column weights type json using weights::text::json;
    end if; end $$`)
  // Block partitions write their kept pairs here directly (a retried partition replaces its own rows).
  await client.query(`alter table ${s}.pairs add column if not exists partition integer not null default 0,
    add column if not exists strategy_order integer not null default 0`)
  // No index on (linkage_id, partition): it served only a retried partition's delete, and maintaining it was a
  // quarter of every pair COPY (275,000 pairs: 1.94-2.17 s with it, 1.48-1.63 s without). The delete scans the
  // linkage's pairs instead (50 ms over the other partition's 275,000). Stores made with it lose it here.
  await client.query(`drop index if exists ${s}.pairs_partition`)
  await client.query(`create table if not exists ${s}.key_sequence (id boolean primary key default true, next_key bigint not null)`)
  await client.query(`insert into ${s}.key_sequence (next_key) values (1) on conflict do nothing`)
  // Project-to-project: a calling project's groups and the reference project's key each matched (p2p/).
  await client.query(`create table if not exists ${s}.reference_links (key_number bigint primary key, reference_project_id integer not null,
    reference_key bigint not null, score double precision not null, linkage_id integer not null)`)
  await ensureKeyLineage(client, s)
  // What a cached copy of the active records checks before it stands in for reading them (record-cache.ts).
  await ensureRecordChanges(client, s)
  return projectSchema(projectId)
}
