/**
 * A linkage's records, decoded once, as a file the block partitions read instead of the database (issue 18).
 * Each partition used to run the same read and decode on its own, at the same time: at a million records two
 * workers on two cores each took 7.2 s over what one took in 4.6 s alone, and the partitions matched later
 * by as much. One read, written here, leaves the partitions a copy of plain arrays to load.
 *
 * The file is the LinkageRecords arrays and, per column, its spec, codes and dictionary, plus the term counts a
 * touched read set, written section by section so neither side holds a second copy of the table: a JSON
 * header with every section's length, then the sections in that order.
 */
import { open } from 'node:fs/promises'
import { Column, RecordTable, type ColumnSpec, type TermCounts } from '@ligature/engine'
import type { LinkageRecords } from './linkage-records.js'
import { removeStaleFiles } from '../stale-files.js'
import { writeWholeFile } from './whole-file.js'

const MAGIC = 'LIGATURE-TABLE-1\n'

interface SnapshotHeader {
  /** What read the records are (the partitions' cache key): a snapshot of another read is not used. */
  key: string
  size: number
  /** Whether the table carries its own incoming flags (RecordTable.isNew), in the fifth section. */
  tableIsNew: boolean
  columns: { spec: ColumnSpec }[]
  termCounts: { field: string; present: number; byValue: [string, number][] }[]
  /** Byte length of each section, in file order. */
  sections: number[]
}

type Section = Float64Array | Int32Array | Uint8Array

/**
 * The dictionary as one UTF-8 blob and each value's byte length. Written in place: a Buffer per value would be
 * millions of objects for a ten-million-record column of addresses.
 */
export function encodeValues(values: readonly string[]): [Int32Array, Uint8Array] {
  const lengths = new Int32Array(values.length)
  let total = 0
  for (let k = 0; k < values.length; k++) total += lengths[k] = Buffer.byteLength(values[k]!, 'utf8')
  const blob = Buffer.allocUnsafe(total)
  let at = 0
  for (let k = 0; k < values.length; k++) at += blob.write(values[k]!, at, 'utf8')
  return [lengths, blob]
}

function decodeValues(lengths: Int32Array, blob: Buffer): string[] {
  const values = new Array<string>(lengths.length)
  let at = 0
  for (let k = 0; k < lengths.length; k++) { values[k] = blob.toString('utf8', at, at + lengths[k]!); at += lengths[k]! }
  return values
}

/** Writes `records` (with a table) of the read `key` to `path`, whole or not at all: a temporary file renamed into place. */
export async function writeTableSnapshot(path: string, records: LinkageRecords, key: string): Promise<void> {
  const table = records.table
  if (!table) throw new Error('a table snapshot needs the records\' table')
  const columns = table.columnNames.map((name) => table.column(name))
  const sections: Section[] = [records.ids, records.eventTypeOf, records.isNew, records.previousKeys, table.isNew ?? new Uint8Array(0)]
  for (const column of columns) sections.push(column.codes, ...encodeValues(column.values))
  const header: SnapshotHeader = {
    key,
    size: table.size,
    tableIsNew: table.isNew !== null,
    columns: columns.map((c) => ({ spec: c.spec })),
    termCounts: columns.flatMap((c) => {
      const counts = table.termCounts(c.spec.name)
      return counts ? [{ field: c.spec.name, present: counts.present, byValue: [...counts.byValue] }] : []
    }),
    sections: sections.map((s) => s.byteLength),
  }
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8')
  const prefix = Buffer.alloc(MAGIC.length + 4)
  prefix.write(MAGIC, 0, 'latin1')
  prefix.writeUInt32LE(headerBytes.length, MAGIC.length)
  await writeWholeFile(path, async (file) => {
    await file.write(prefix)
    await file.write(headerBytes)
    for (const s of sections) await file.write(new Uint8Array(s.buffer, s.byteOffset, s.byteLength))
  })
}

/** The records of the read `key` written to `path`, or null when there is no such file or it holds another read. */
export async function readTableSnapshot(path: string, key: string): Promise<LinkageRecords | null> {
  const file = await open(path, 'r').catch((err: NodeJS.ErrnoException) => { if (err.code === 'ENOENT') return null; throw err })
  if (!file) return null
  try {
    let position = 0
    const read = async <T extends Section>(into: T): Promise<T> => {
      const bytes = new Uint8Array(into.buffer, into.byteOffset, into.byteLength)
      for (let done = 0; done < bytes.length;) {
        const { bytesRead } = await file.read(bytes, done, bytes.length - done, position + done)
        if (bytesRead === 0) throw new Error(`table snapshot ${path} ends early`)
        done += bytesRead
      }
      position += bytes.length
      return into
    }
    const prefix = Buffer.from(await read(new Uint8Array(MAGIC.length + 4)))
    if (prefix.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error(`${path} is not a table snapshot`)
    const header = JSON.parse(Buffer.from(await read(new Uint8Array(prefix.readUInt32LE(MAGIC.length)))).toString('utf8')) as SnapshotHeader
    if (header.key !== key) return null
    let next = 0
    const length = (bytesPerElement: number) => header.sections[next++]! / bytesPerElement
    const ids = await read(new Float64Array(length(8)))
    const eventTypeOf = await read(new Int32Array(length(4)))
    const isNew = await read(new Uint8Array(length(1)))
    const previousKeys = await read(new Float64Array(length(8)))
    const tableIsNew = await read(new Uint8Array(length(1)))
    const columns: Column[] = []
    for (const { spec } of header.columns) {
      const codes = await read(new Int32Array(length(4)))
      const lengths = await read(new Int32Array(length(4)))
      const blob = Buffer.from((await read(new Uint8Array(length(1)))).buffer)
      columns.push(new Column(spec, codes, decodeValues(lengths, blob)))
    }
    const table = new RecordTable(header.size, columns, header.tableIsNew ? tableIsNew : null)
    for (const { field, present, byValue } of header.termCounts) {
      const counts: TermCounts = { byValue: new Map(byValue), present }
      table.setTermCounts(field, counts)
    }
    return { ids, eventTypeOf, isNew, previousKeys, table }
  } finally {
    await file.close()
  }
}

/**
 * Removes snapshots (and temporary files) a day old from `dir`: grouping removes its linkage's, but a linkage that
 * failed before grouping, or a worker killed mid-write, leaves one behind.
 */
export function removeStaleSnapshots(dir: string, now = Date.now()): Promise<void> {
  return removeStaleFiles(dir, (name) => name.endsWith('.table') || name.endsWith('.tmp'), now)
}
