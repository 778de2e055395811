/**
 * The project's active records as a linkage sees them, read with COPY: database id, event type, whether the
 * record arrived with this linkage, its current key number (0 = none) and, when fields are asked for, a
 * dictionary-encoded RecordTable of those fields. Record index i is the i-th id in ascending order.
 * `only` narrows the read to a query of ids (touched-records.ts); every active record otherwise. `withKeys`
 * false leaves every key at 0 without reading them: a block partition only matches, and the join to the key
 * table walks the whole of it (touched read at 1,000,000 + 10,000 in psql: 0.89–1.05 s → 0.75–0.85 s).
 */
import type pg from 'pg'
import { RecordTable, RecordTableBuilder } from '@ligature/engine'
import type { ColumnSpec } from '@ligature/engine'
import { copyOutRaw } from './copy-out.js'
import { ColumnHelper } from './column-helper.js'
import { withReadSettings } from './read-settings.js'
import { quoteIdent } from './record-schema.js'
import { BLOOM_FILTER_BITS, isBloomField } from '../loading/linkage-fields.js'

export interface LinkageRecords {
  /** Database ids, ascending. */
  ids: Float64Array
  eventTypeOf: Int32Array
  isNew: Uint8Array
  /** Key number per record before this linkage; 0 for incoming records, and for all when read without keys. */
  previousKeys: Float64Array
  table: RecordTable | null
  /** Set when the records came from the project's cached copy (record-cache.ts) rather than from Postgres. */
  fromRecordCache?: true
}

const DATE_FIELDS = new Set(['dateOfBirth'])
/** Dates parse once per distinct value; Bloom-encoded fields are filters (Dice), everything else text. */
export const columnSpecs = (fields: readonly string[]): ColumnSpec[] =>
  fields.map((name) => isBloomField(name)
    ? { name, kind: 'bloom', filterBits: BLOOM_FILTER_BITS }
    : { name, kind: DATE_FIELDS.has(name) ? 'date' : 'text' })

/** Bounds on the ids a read takes, both exclusive: a copy's records are those below `before`, its delta those above `after`. */
export interface IdRange { after?: number; before?: number }

/**
 * SQL of the read: id, event type, incoming flag, current key (0 without keys), then `fields`, in id order.
 * `ids`: only records within these bounds (record-cache.ts: the copy of the records, and those added since it).
 */
export function linkageRecordsQuery(schema: string, linkageId: number, fields: readonly string[], only: string | null, withKeys = true,
  ids: IdRange = {}): string {
  const s = quoteIdent(schema)
  const linkage = Number(linkageId)
  const bounds = ([['>', ids.after], ['<', ids.before]] as const).filter(([, id]) => id !== undefined).map(([op, id]) => [op, Number(id)] as const)
  if (!Number.isInteger(linkage) || bounds.some(([, id]) => !Number.isSafeInteger(id))) throw new Error('linkage id and record id must be integers')
  const select = fields.map((f) => `, r.${quoteIdent(f)}`).join('')
  const range = bounds.map(([op, id]) => ` and r.id ${op} ${id}`).join('')
  return `select r.id, r.event_type_id, (r.linkage_id = ${linkage})::int, ${withKeys ? 'coalesce(k.key_number, 0)' : '0'}${select}
    from ${s}.records r ${only ? `join (${only}) t on t.id = r.id ` : ''}${withKeys ? `left join ${s}.record_keys k on k.record_id = r.id and k.to_revision is null ` : ''}where r.end_dated_at is null${range} order by r.id`
}

/**
 * How a read codes its fields: with `secondThread`, half of them on the process's kept coding thread once the
 * read passes `threadFromRows` (column-helper.ts, kept-column-thread.ts). For a whole project's read; a touched
 * read waits on Postgres and gains nothing from it (linkage-read.ts, codingFor).
 */
export interface ReadCoding {
  secondThread?: boolean
  threadFromRows?: number
}

export function readLinkageRecords(client: pg.ClientBase, schema: string, linkageId: number, fields: readonly string[] = [],
  only: string | null = null, withKeys = true, coding: ReadCoding = {}): Promise<LinkageRecords> {
  return readRecordsOf(client, linkageRecordsQuery(schema, linkageId, fields, only, withKeys), fields, coding)
}

/** Reads `query` (the columns linkageRecordsQuery selects, in id order) into LinkageRecords of `fields`. */
export async function readRecordsOf(client: pg.ClientBase, query: string, fields: readonly string[], coding: ReadCoding = {}): Promise<LinkageRecords> {
  const specs = columnSpecs(fields)
  // The reading thread also splits the rows, so it keeps the smaller half.
  const mine = coding.secondThread === true && specs.length > 1 ? Math.floor(specs.length / 2) : specs.length
  const builder = specs.length > 0 ? new RecordTableBuilder(specs.slice(0, mine), 1 << 16) : null
  const helper = mine < specs.length ? new ColumnHelper(specs.slice(mine), 4 + mine, coding.threadFromRows) : null
  let ids = new Float64Array(1 << 16), eventTypeOf = new Int32Array(1 << 16), previousKeys = new Float64Array(1 << 16)
  let isNew = new Uint8Array(1 << 16)
  let n = 0
  try {
    await withReadSettings(client, () => copyOutRaw(client, query, (row) => {
      if (n === ids.length) ({ ids, eventTypeOf, previousKeys, isNew } = grown(ids, eventTypeOf, previousKeys, isNew))
      const fresh = row.number(2) === 1
      ids[n] = row.number(0); eventTypeOf[n] = row.number(1); isNew[n] = fresh ? 1 : 0
      previousKeys[n] = fresh ? 0 : row.number(3)
      builder?.addRow(row, 4, fresh)
      helper?.add(row)
      n++
    }))
  } catch (err) {
    await helper?.abandon()
    throw err
  }
  let table = builder ? builder.build() : null
  if (table && helper) {
    const own = table.columnNames.map((name) => table!.column(name))
    table = new RecordTable(n, [...own, ...await helper.finish()], table.isNew)
  }
  return {
    ids: ids.slice(0, n), eventTypeOf: eventTypeOf.slice(0, n), isNew: isNew.slice(0, n), previousKeys: previousKeys.slice(0, n), table,
  }
}

function grown(ids: Float64Array, eventTypeOf: Int32Array, previousKeys: Float64Array, isNew: Uint8Array) {
  const size = ids.length * 2
  const next = { ids: new Float64Array(size), eventTypeOf: new Int32Array(size), previousKeys: new Float64Array(size), isNew: new Uint8Array(size) }
  next.ids.set(ids); next.eventTypeOf.set(eventTypeOf); next.previousKeys.set(previousKeys); next.isNew.set(isNew)
  return next
}

/** Record index of a database id (ids ascending), or −1 when the record is not among them. */
export function indexOfId(ids: Float64Array, id: number): number {
  let lo = 0, hi = ids.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const v = ids[mid]!
    if (v === id) return mid
    if (v < id) lo = mid + 1; else hi = mid - 1
  }
  return -1
}
