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
import { linkageRecordsQuery, readRecordsOf, readLinkageRecords, type LinkageRecords } from './linkage-records.js'
import { MAX_RECORD_CACHE_BYTES, readRecordCache, readRecordCacheMeta, writeRecordCache, type RecordCacheMeta } from './record-cache-file.js'
import { readRecordChanges } from './record-changes.js'
import { quoteIdent } from './record-schema.js'
import { encodeValues } from './table-snapshot.js'
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
    // OFFSET 0 keeps the planner from answering min() by walking the primary key from the lowest id until it meets
    // one of the linkage's records (0.2 s at a million): the linkage index gives its records directly (3 ms).
    const { rows } = await client.query<{ first: string | null }>(`select min(id) as first from (select id from ${quoteIdent(read.schema)}.records
      where linkage_id = $1 offset 0) linkage`, [read.linkageId])
    if (rows[0]!.first !== null && Number(rows[0]!.first) <= meta.maxId) return null
    return readRecordsOf(client, linkageRecordsQuery(read.schema, read.linkageId, read.fields, null, false, meta.maxId), read.fields)
  })
  const cache = await loading
  // The file may have been replaced between the two reads: only the copy the checks were made against will do.
  if (!delta || !cache || cache.meta.token !== meta.token || cache.meta.version !== meta.version || cache.meta.maxId !== meta.maxId || !sameFields(cache.meta, read.fields)) return null
  return { ...touchedFromCache(cache, delta, read.specs, read.blockings, read.termFields), fromRecordCache: true }
}

/** `blockingFields`: the active blockings' fields (distinctBlockings), which the copy is indexed by. */
export interface RefreshInput { schema: string; linkageId: number; fields: readonly string[]; blockingFields: readonly (readonly string[])[]; path: string }

export interface CacheRefresh { written: boolean; reason: 'current' | 'missing' | 'out of date' | 'grown' | 'too large' | 'switched off'; rows: number }

/**
 * Makes the copy again when it is missing, out of date or has grown past REFRESH_SHARE; otherwise leaves it. One
 * snapshot for the counter and every record read, so the copy is exactly the records as of its counter.
 */
export async function refreshRecordCache(client: pg.ClientBase, read: RefreshInput): Promise<CacheRefresh> {
  const meta = await readRecordCacheMeta(read.path)
  const s = quoteIdent(read.schema)
  // Only blockings on fields the copy carries (fieldsUsed includes every blocking field; a caller may ask for fewer).
  const indexed = read.blockingFields.filter((b) => b.every((f) => read.fields.includes(f))).map((b) => [...b])
  const outcome = await inSnapshot(client, async (): Promise<CacheRefresh | { meta: RecordCacheMeta; records: LinkageRecords; reason: CacheRefresh['reason'] }> => {
    const changes = await readRecordChanges(client, read.schema)
    let reason: CacheRefresh['reason'] = 'missing'
    if (meta && sameFields(meta, read.fields) && sameBlockings(meta, indexed)) {
      reason = 'out of date'
      if (changes.token === meta.token && changes.version === meta.version) {
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${s}.records where id > $1 and end_dated_at is null`, [meta.maxId])
        if (Number(rows[0]!.n) <= meta.rows * REFRESH_SHARE) return { written: false, reason: 'current', rows: meta.rows }
        reason = 'grown'
      }
    }
    // The codes alone, for the rows the planner counts: a project whose copy cannot fit is not read for one.
    const { rows: [size] } = await client.query<{ rows: number }>(`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = $1::regclass`, [`${s}.records`])
    if (size!.rows * (12 + 4 * read.fields.length + 8 * indexed.length) > MAX_RECORD_CACHE_BYTES) return { written: false, reason: 'too large', rows: size!.rows }
    const records = await readLinkageRecords(client, read.schema, read.linkageId, read.fields, null, false, { secondThread: true })
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
    const [lengths, blob] = encodeValues(column.values)
    return { codes: column.codes, lengths, blob }
  })
  const bytes = records.ids.byteLength * (1 + indexed.length) + records.eventTypeOf.byteLength
    + columns.reduce((n, c) => n + c.codes.byteLength + c.lengths.byteLength + c.blob.byteLength, 0)
  if (bytes > MAX_RECORD_CACHE_BYTES) {
    await rm(read.path, { force: true })
    return { written: false, reason: 'too large', rows: records.ids.length }
  }
  const blockIndexes = outcome.meta.blockings.map((fields) => buildBlockIndex(fields.map((f) => columns[read.fields.indexOf(f)]!.codes)))
  await writeRecordCache(read.path, { meta: outcome.meta, ids: records.ids, eventTypeOf: records.eventTypeOf, columns, blockIndexes })
  return { written: true, reason: outcome.reason, rows: records.ids.length }
}
