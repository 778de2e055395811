import { createReadStream } from 'node:fs'
import { open } from 'node:fs/promises'
import type { LinkageFieldName } from '../linkage-fields.js'
import { parseDelimited, parseDelimitedRange, type RangeStart } from '../parse/delimited.js'
import { dateFormatOf, type FileLayout, type ImportFormatSpec } from '../parse/import-format.js'
import type { ByteRange } from '../parse/record-boundaries.js'
import { isInvalidRow, type InvalidRow, type RowResult } from '../parse/rows.js'
import { rowPreprocessor } from '../preprocess/preprocess-row.js'
import { recordCopyLine } from '../store/copy-text.js'

/** One range of a delimited file for one thread: what to read and how its COPY lines start. */
export interface RangeTask {
  path: string
  /** The data file's name in messages: not always the name of `path`, which may be its gunzipped copy. */
  fileName: string
  format: ImportFormatSpec
  layout: FileLayout
  range: ByteRange
  /** Null for the first range, which reads the BOM and the header row itself. */
  from: RangeStart | null
  /** Columns every COPY line starts with, before the row number (see recordCopyLine). */
  linePrefix: string
}

/** What a range yields: its records as COPY text and the same counts the single-thread load keeps. */
export interface RangeOutput {
  /**
   * COPY text of the loadable records in file order, UTF-8 encoded in batches of about 64 KiB, each on its own
   * ArrayBuffer so the thread can hand them over without a copy.
   */
  batches: Uint8Array[]
  read: number
  added: number
  /** Rejected rows in file order (row number and reason). */
  invalid: InvalidRow[]
  blanked: Partial<Record<LinkageFieldName, number>>
}

/**
 * Parses and preprocesses one range exactly as openFileRecords (pipeline/load-file.ts) treats the rows of a whole
 * file: same parser, same preprocessor, same rejections and blanking, same COPY line. Runs in a worker thread.
 */
export async function parseRange(task: RangeTask): Promise<RangeOutput> {
  const preprocess = rowPreprocessor({ dateFormat: dateFormatOf(task.format) ?? null })
  const out: RangeOutput = { batches: [], read: 0, added: 0, invalid: [], blanked: {} }
  let batch = ''
  // Encoding a batch as soon as it is full turns the string built piece by piece into flat bytes while it is
  // still young: kept as strings until the range ends, those pieces outlive collections and cost more to
  // collect than to parse. The main thread then writes the bytes to COPY as they are.
  const flush = () => {
    const encoded = Buffer.allocUnsafeSlow(Buffer.byteLength(batch))
    encoded.write(batch)
    out.batches.push(encoded)
    batch = ''
  }
  const take = (row: RowResult) => {
    out.read++
    if (isInvalidRow(row)) { out.invalid.push(row); return }
    const record = preprocess(row)
    if (isInvalidRow(record)) { out.invalid.push(record); return }
    for (const field of record.blanked) out.blanked[field] = (out.blanked[field] ?? 0) + 1
    batch += recordCopyLine(task.linePrefix, row.rowNumber, record)
    out.added++
    if (batch.length > 1 << 16) flush()
  }
  if (task.from) {
    // A later range (at most a few MiB, cut after a record) is read whole, so most split without csv-parse.
    const rows = parseDelimitedRange(await readRange(task.path, task.range), task.format, task.layout, task.fileName, task.from)
    if (Symbol.iterator in rows) for (const row of rows) take(row)
    else for await (const row of rows) take(row)
  } else {
    // createReadStream's `end` is inclusive; a range is never empty (RangeSplitter cuts after a record).
    const bytes = createReadStream(task.path, { start: task.range.start, end: task.range.end - 1, highWaterMark: 1 << 20 })
    try {
      for await (const row of parseDelimited(bytes, task.format, task.layout, task.fileName)) take(row)
    } finally {
      bytes.destroy()
    }
  }
  if (batch) flush()
  return out
}

async function readRange(path: string, range: ByteRange): Promise<Buffer> {
  const file = await open(path, 'r')
  try {
    const bytes = Buffer.allocUnsafe(range.end - range.start)
    let filled = 0
    while (filled < bytes.length) {
      const { bytesRead } = await file.read(bytes, filled, bytes.length - filled, range.start + filled)
      if (bytesRead === 0) throw new Error(`the file ended inside a range (${range.start}–${range.end})`)
      filled += bytesRead
    }
    return bytes
  } finally {
    await file.close()
  }
}
