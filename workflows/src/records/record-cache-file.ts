/**
 * The file of a project's cached active records (record-cache.ts): ids, event types and, per field, the records'
 * dictionary codes with the dictionary as one UTF-8 blob, each value's byte length, the dictionary's value index
 * (value-index.ts) and how many records hold each value. Values stay bytes here,
 * so loading a million records' copy makes no string: only the values a linkage reads become strings
 * (touched-from-cache.ts). Then, per blocking, its index (block-index.ts). A JSON header names what the copy is of;
 * sections are 8-byte aligned so they are read as views of the file's buffer.
 */
import { open } from 'node:fs/promises'
import { writeWholeFile } from './whole-file.js'
import type { BlockIndex } from './block-index.js'
import { encodeValues } from './table-snapshot.js'
import { buildValueIndex, isValueIndex } from './value-index.js'

// 4: each column's value index and value counts. A copy of an older layout reads as no copy: the database serves, and the
// linkage's refresh writes the copy again.
const MAGIC = 'LIGATURE-RECORDS-4\n'
const PREFIX = 24

/**
 * A copy is read whole into one buffer, which Node caps at 2 GiB (also one read's limit); 16 MiB are left for the
 * header and padding. A project needing more is not cached and reads from Postgres (refreshRecordCache).
 */
export const MAX_RECORD_CACHE_BYTES = 2 ** 31 - 2 ** 24

/**
 * What the copy is of: the store (token), its change count, the highest id it holds, the fields it carries and
 * the blockings (each a list of fields) it has an index for.
 */
export interface RecordCacheMeta {
  token: string
  version: number
  maxId: number
  fields: string[]
  blockings: string[][]
  rows: number
}

export interface CachedColumn {
  codes: Int32Array
  /** Byte length of each value, by code (code 0, the empty value, is 0). */
  lengths: Int32Array
  blob: Uint8Array
  /** The dictionary's values by the hash of their bytes (value-index.ts). */
  index: Int32Array
  /** How many of the copy's records hold each value, by code (code 0: those with none). */
  counts: Int32Array
}

/** A column of the copy: the records' codes and their dictionary's values (code 0 the empty value). */
export function cachedColumn(codes: Int32Array, values: readonly string[]): CachedColumn {
  const [lengths, blob] = encodeValues(values)
  const counts = new Int32Array(values.length)
  for (let r = 0; r < codes.length; r++) counts[codes[r]!]!++
  return { codes, lengths, blob, index: buildValueIndex(lengths, blob), counts }
}

export interface RecordCache {
  meta: RecordCacheMeta
  ids: Float64Array
  eventTypeOf: Int32Array
  /** In `meta.fields` order. */
  columns: CachedColumn[]
  /** In `meta.blockings` order (block-index.ts). */
  blockIndexes: BlockIndex[]
}

interface Header extends RecordCacheMeta { sections: number[] }

const padded = (n: number) => (n + 7) & ~7

/** Writes `cache` to `path` whole or not at all (writeWholeFile). */
export async function writeRecordCache(path: string, cache: RecordCache): Promise<void> {
  const sections: (Float64Array | Int32Array | Uint32Array | Uint8Array)[] = [cache.ids, cache.eventTypeOf]
  for (const c of cache.columns) sections.push(c.codes, c.lengths, c.blob, c.index, c.counts)
  for (const b of cache.blockIndexes) sections.push(b.hashes, b.rows)
  const header: Header = { ...cache.meta, sections: sections.map((s) => s.byteLength) }
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8')
  const prefix = Buffer.alloc(PREFIX)
  prefix.write(MAGIC, 0, 'latin1')
  prefix.writeUInt32LE(headerBytes.length, 20)
  const zeros = new Uint8Array(8)
  await writeWholeFile(path, async (file) => {
    await file.write(prefix)
    await file.write(headerBytes)
    await file.write(zeros, 0, padded(headerBytes.length) - headerBytes.length)
    for (const s of sections) {
      await file.write(new Uint8Array(s.buffer, s.byteOffset, s.byteLength))
      await file.write(zeros, 0, padded(s.byteLength) - s.byteLength)
    }
  })
}

/** Only the header: whether a copy is worth loading. Null when there is no file or it is not a record cache. */
export async function readRecordCacheMeta(path: string): Promise<RecordCacheMeta | null> {
  const file = await open(path, 'r').catch(() => null)
  if (!file) return null
  try {
    const prefix = Buffer.alloc(PREFIX)
    if ((await file.read(prefix, 0, PREFIX, 0)).bytesRead < PREFIX || prefix.toString('latin1', 0, MAGIC.length) !== MAGIC) return null
    const headerBytes = Buffer.alloc(prefix.readUInt32LE(20))
    if ((await file.read(headerBytes, 0, headerBytes.length, PREFIX)).bytesRead < headerBytes.length) return null
    const header = JSON.parse(headerBytes.toString('utf8')) as Header
    // A header whose sections are not this layout's would be refused by the reader: reported as no copy here too,
    // so a refresh makes it again rather than keep a copy no read can use.
    return hasLayout(header) ? metaOf(header) : null
  } catch {
    return null
  } finally {
    await file.close()
  }
}

const hasLayout = (h: Header) => Array.isArray(h.sections) && h.sections.length === 2 + 5 * h.fields.length + 2 * h.blockings.length
const metaOf = (h: Header): RecordCacheMeta => ({ token: h.token, version: h.version, maxId: h.maxId, fields: h.fields, blockings: h.blockings, rows: h.rows })

/**
 * The file in one read into one buffer. readFile reads in 512 KiB pieces, each handed back to the event loop: 190
 * of them for a million records' copy, each waiting while the records added since are decoded beside it.
 */
async function readWhole(path: string): Promise<Buffer> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    if (size > MAX_RECORD_CACHE_BYTES) throw new Error('record cache too large to read whole')
    // Own memory, 8-byte aligned: the sections are read as typed-array views of it.
    const bytes = Buffer.from(new ArrayBuffer(size))
    for (let done = 0; done < size;) {
      const { bytesRead } = await file.read(bytes, done, size - done, done)
      if (bytesRead === 0) throw new Error('record cache ends early')
      done += bytesRead
    }
    return bytes
  } finally {
    await file.close()
  }
}

/** The copy at `path`, or null when there is none or it is damaged (a missing or unreadable copy costs only the database read). */
export async function readRecordCache(path: string): Promise<RecordCache | null> {
  const bytes = await readWhole(path).catch(() => null)
  if (!bytes) return null
  try {
    if (bytes.length < PREFIX || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return null
    const headerLength = bytes.readUInt32LE(20)
    const header = JSON.parse(bytes.toString('utf8', PREFIX, PREFIX + headerLength)) as Header
    if (!hasLayout(header)) return null
    let at = PREFIX + padded(headerLength)
    const view = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, bytesPer: number, byteLength: number): T => {
      if (byteLength % bytesPer !== 0 || at + byteLength > bytes.length) throw new Error('record cache ends early')
      const out = make(bytes.buffer, bytes.byteOffset + at, byteLength / bytesPer)
      at += padded(byteLength)
      return out
    }
    let next = 0
    const f64 = () => view((b, o, n) => new Float64Array(b, o, n), 8, header.sections[next++]!)
    const i32 = () => view((b, o, n) => new Int32Array(b, o, n), 4, header.sections[next++]!)
    const u8 = () => view((b, o, n) => new Uint8Array(b, o, n), 1, header.sections[next++]!)
    const ids = f64()
    const eventTypeOf = i32()
    const columns = header.fields.map(() => ({ codes: i32(), lengths: i32(), blob: u8(), index: i32(), counts: i32() }))
    const blockIndexes = header.blockings.map(() => ({ hashes: view((b, o, n) => new Uint32Array(b, o, n), 4, header.sections[next++]!), rows: i32() }))
    if (ids.length !== header.rows || eventTypeOf.length !== header.rows || columns.some((c) => c.codes.length !== header.rows || !isValueIndex(c.index) || c.counts.length !== c.lengths.length)
      || blockIndexes.some((b) => b.hashes.length !== header.rows || b.rows.length !== header.rows)) return null
    return { meta: metaOf(header), ids, eventTypeOf, columns, blockIndexes }
  } catch {
    return null
  }
}
