/**
 * A copy of a project's active records, coded, in a file in the workers' shared table folder (issue 18): what a
 * touched read needs of the existing records without reading them from Postgres. The touched query spends most
 * of a small envelope's linkage gathering and decoding a quarter of a million-record project; from the copy,
 * the same records are selected in memory and only the records added since it was made are read.
 *
 * The copy is used only when it is exactly the project's active records up to its highest id: the same store
 * (token), no update, delete or truncate of records since it was made (the change counter, record-changes.ts),
 * and the linkage's own records all above it. The counter, the records added since and the linkage's first id
 * are read in one repeatable-read transaction, so they describe one moment. Anything else — no file, a damaged
 * one, other fields, a deletion, a rollback, a destruction since — reads from the database as before: the copy
 * is never a second source of truth, only a faster way to the same table (tests compare the two).
 *
 * It is made after a linkage completes (refreshRecordCache), when it is missing or out of date, or when the
 * records added since it was made pass a twentieth of it: each linkage reads those again.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type pg from 'pg'
import type { ColumnSpec } from '@ligature/engine'
import { linkageRecordsQuery, readRecordsOf, type LinkageRecords } from './linkage-records.js'
import { MAX_RECORD_CACHE_BYTES, cachedColumn, readRecordCache, readRecordCacheMeta, writeRecordCache, type RecordCacheMeta } from './record-cache-file.js'
import { readRecordChanges } from './record-changes.js'
import { quoteIdent } from './record-schema.js'
import { touchedFromCache, type BlockingFields } from './touched-from-cache.js'
import { buildBlockIndex } from './block-index.js'

/** The copy of the project in `schema`, in the workers' table folder. */
export const recordCachePath = (tableDir: string, schema: string) => join(tableDir, `${schema}.records`)

/** Records added since the copy was made, as a share of it, above which a completed linkage makes it again. */
export const REFRESH_SHARE = 0.05

export interface CachedRead {
  schema: string
  linkageId: number
  fields: readonly string[]
  specs: readonly ColumnSpec[]
  blockings: readonly (readonly BlockingFields[])[]
  /** Fields whose term counts the table gets, counted over the copy and the records added since. */
  termFields: readonly string[]
  path: string
}

/** Runs `work` in a read-only repeatable-read transaction: every statement in it sees one snapshot. */
async function inSnapshot<T>(client: pg.ClientBase, work: () => Promise<T>): Promise<T> {
  await client.query('begin isolation level repeatable read read only')
  try {
    const out = await work()
    await client.query('commit')
    return out
  } catch (err) {
    await client.query('rollback').catch(() => undefined)
    throw err
  }
}

/** The lowest id among the linkage's records, or null when it has none. */
async function firstIdOf(client: pg.ClientBase, schema: string, linkageId: number): Promise<number | null> {
  // OFFSET 0 keeps the planner from answering min() by walking the primary key from the lowest id until it meets
  // one of the linkage's records (0.2 s at a million): the linkage index gives its records directly (3 ms).
  const { rows } = await client.query<{ first: string | null }>(`select min(id) as first from (select id from ${quoteIdent(schema)}.records
    where linkage_id = $1 offset 0) linkage`, [linkageId])
  return rows[0]!.first === null ? null : Number(rows[0]!.first)
}

const sameFields = (meta: RecordCacheMeta, fields: readonly string[]) => meta.fields.join('\u0000') === fields.join('\u0000')
/** The same blockings indexed: a copy indexed for others would still give the right records, but scanning every row. */
const sameBlockings = (meta: RecordCacheMeta, blockings: readonly (readonly string[])[]) =>
  JSON.stringify(meta.blockings) === JSON.stringify(blockings)

/** The touched read from the copy, or null when the copy cannot stand in for the database (then read it there). */
export async function readTouchedFromCache(client: pg.ClientBase, read: CachedRead): Promise<LinkageRecords | null> {
  const meta = await readRecordCacheMeta(read.path)
  if (!meta || !sameFields(meta, read.fields)) return null
  // The file loads while Postgres answers.
  const loading = readRecordCache(read.path)
  const delta = await inSnapshot(client, async () => {
    const changes = await readRecordChanges(client, read.schema)
    if (changes.token !== meta.token || changes.version !== meta.version) return null
    const first = await firstIdOf(client, read.schema, read.linkageId)
    if (first !== null && first <= meta.maxId) return null
    return readRecordsOf(client, linkageRecordsQuery(read.schema, read.linkageId, read.fields, null, false, { after: meta.maxId }), read.fields)
  })
  const cache = await loading
  // The file may have been replaced between the two reads: only the copy the checks were made against will do.
  if (!delta || !cache || cache.meta.token !== meta.token || cache.meta.version !== meta.version || cache.meta.maxId !== meta.maxId || !sameFields(cache.meta, read.fields)) return null
  return { ...touchedFromCache(cache, delta, read.specs, read.blockings, read.termFields), fromRecordCache: true }
}

/**
 * `blockingFields`: the active blockings' fields (distinctBlockings), which the copy is indexed by. `forRead`: made
 * for linkage `linkageId`'s own touched read, before it: of the records below the linkage's, and kept when it can
 * serve that read, however many records were added since.
 */
export interface RefreshInput { schema: string; linkageId: number; fields: readonly string[]; blockingFields: readonly (readonly string[])[]; path: string; forRead?: boolean }

export interface CacheRefresh { written: boolean; reason: 'current' | 'missing' | 'out of date' | 'grown' | 'too large' | 'switched off'; rows: number }

/** Whether the copy is usable (`current`), or why not, as the reader would find it: a refresh's first question. */
async function currentOrWhyNot(client: pg.ClientBase, read: RefreshInput, meta: RecordCacheMeta | null, indexed: readonly (readonly string[])[],
  changes: { token: string; version: number }, first: number | null): Promise<CacheRefresh['reason']> {
  if (!meta || !sameFields(meta, read.fields) || !sameBlockings(meta, indexed)) return 'missing'
  if (changes.token !== meta.token || changes.version !== meta.version || (first !== null && first <= meta.maxId)) return 'out of date'
  if (read.forRead) return 'current'
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(read.schema)}.records where id > $1 and end_dated_at is null`, [meta.maxId])
  return Number(rows[0]!.n) <= meta.rows * REFRESH_SHARE ? 'current' : 'grown'
}

/** The rows the planner counts in the project's records table (0 before it has counted). */
async function plannedRows(client: pg.ClientBase, schema: string): Promise<number> {
  const { rows: [size] } = await client.query<{ rows: number }>(`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = $1::regclass`,
    [`${quoteIdent(schema)}.records`])
  return size!.rows
}

/** The codes alone of `rows` records, with `fields` and `blockings`, within the size a copy may have. */
const copyFits = (rows: number, fields: number, blockings: number) => rows * (12 + 4 * fields + 8 * blockings) <= MAX_RECORD_CACHE_BYTES

/** Whether a copy of the project's records may fit, by the planner's count: one that cannot is not read for one. */
export async function recordCacheMayFit(client: pg.ClientBase, schema: string, fields: readonly string[], blockings: number): Promise<boolean> {
  return copyFits(await plannedRows(client, schema), fields.length, blockings)
}

/**
 * Makes the copy again when it is missing, out of date or has grown past REFRESH_SHARE; otherwise leaves it. One
 * snapshot for the counter and every record read, so the copy is exactly the records as of its counter.
 */
export async function refreshRecordCache(client: pg.ClientBase, read: RefreshInput): Promise<CacheRefresh> {
  const meta = await readRecordCacheMeta(read.path)
  // Only blockings on fields the copy carries (fieldsUsed includes every blocking field; a caller may ask for fewer).
  const indexed = read.blockingFields.filter((b) => b.every((f) => read.fields.includes(f))).map((b) => [...b])
  const outcome = await inSnapshot(client, async (): Promise<CacheRefresh | { meta: RecordCacheMeta; records: LinkageRecords; reason: CacheRefresh['reason'] }> => {
    const changes = await readRecordChanges(client, read.schema)
    const first = read.forRead ? await firstIdOf(client, read.schema, read.linkageId) : null
    const reason = await currentOrWhyNot(client, read, meta, indexed, changes, first)
    if (reason === 'current') return { written: false, reason, rows: meta!.rows }
    const planned = await plannedRows(client, read.schema)
    if (!copyFits(planned, read.fields.length, indexed.length)) return { written: false, reason: 'too large', rows: planned }
    const query = linkageRecordsQuery(read.schema, read.linkageId, read.fields, null, false, first === null ? {} : { before: first })
    const records = await readRecordsOf(client, query, read.fields, { secondThread: true })
    const maxId = records.ids.length > 0 ? records.ids[records.ids.length - 1]! : 0
    return { meta: { ...changes, maxId, fields: [...read.fields], blockings: indexed, rows: records.ids.length }, records, reason }
  })
  if ('written' in outcome) {
    // An older, smaller copy is out of date by now; it goes rather than lie unused.
    if (outcome.reason === 'too large') await rm(read.path, { force: true })
    return outcome
  }
  const { records } = outcome
  const columns = read.fields.map((name) => {
    const column = records.table!.column(name)
    return cachedColumn(column.codes, column.values)
  })
  const bytes = records.ids.byteLength * (1 + indexed.length) + records.eventTypeOf.byteLength
    + columns.reduce((n, c) => n + c.codes.byteLength + c.lengths.byteLength + c.blob.byteLength + c.index.byteLength + c.counts.byteLength, 0)
  if (bytes > MAX_RECORD_CACHE_BYTES) {
    await rm(read.path, { force: true })
    return { written: false, reason: 'too large', rows: records.ids.length }
  }
  const blockIndexes = outcome.meta.blockings.map((fields) => buildBlockIndex(fields.map((f) => columns[read.fields.indexOf(f)]!.codes)))
  await writeRecordCache(read.path, { meta: outcome.meta, ids: records.ids, eventTypeOf: records.eventTypeOf, columns, blockIndexes })
  return { written: true, reason: outcome.reason, rows: records.ids.length }
}
