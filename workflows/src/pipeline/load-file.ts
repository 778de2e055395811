import { availableParallelism } from 'node:os'
import { rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type pg from 'pg'
import type { ColumnTypeValue } from '@ligature/contracts'
import { inflateCopy } from '../loading/parallel/inflate-copy.js'
import { splitRoute } from '../loading/parallel/parse-in-ranges.js'
import { parseDataFile } from '../loading/parse/parse-data-file.js'
import { dateFormatOf, fileLayoutFrom, type ImportFormatSpec } from '../loading/parse/import-format.js'
import { isInvalidRow } from '../loading/parse/rows.js'
import { rowPreprocessor } from '../loading/preprocess/preprocess-row.js'
import type { PreprocessedRecord } from '../loading/preprocess/preprocess-row.js'
import { recordCopyLine } from '../loading/store/copy-text.js'
import { copyLinePrefix, copyRecords } from '../records/copy-records.js'
import type { FilePlan } from './envelope-plan.js'
import { FileTally, type LoadFileResult } from './file-tally.js'
import { copyTextInRanges } from './load-file-ranges.js'

export { INVALID_ROWS_NAMED, type LoadFileResult } from './file-tally.js'

export interface LoadFileInput {
  folder: string; reportDir: string; reportName: string; schema: string; linkageId: number; file: FilePlan
  /** Threads that parse and preprocess a large file; 1 keeps everything on the calling thread. Default: every core. */
  threads?: number
  /** Smallest file parsed on several threads (parse-in-ranges.ts), and the bytes per range: tests lower both. */
  splitMinBytes?: number
  rangeBytes?: number
}

/** Parse threads for a load: the configured count, or every core when it is 0 or unset. */
export function loadThreads(configured?: number): number {
  return configured && configured > 0 ? configured : availableParallelism()
}

/**
 * One data file read by its import format and preprocessed, row by row: `records` yields the loadable records;
 * rejected rows (only a malformed row or a missing Source Unique ID) go to a CSV report (row number, reason) and
 * the first few to the result; a field that fails its check is blanked and counted, and the record still yields.
 * Shared by loading into the record store and staging for estimation, so both reject and blank alike.
 */
export async function openFileRecords(input: { folder: string; reportDir: string; reportName: string; file: FilePlan }, onProgress: (rows: number) => void) {
  const { path, format, layout } = fileFormat(input)
  const preprocess = rowPreprocessor({ dateFormat: dateFormatOf(format) ?? null })
  const tally = await FileTally.open(input.reportDir, input.reportName)
  const valid = async function* (): AsyncGenerator<{ rowNumber: number; record: PreprocessedRecord }> {
    for await (const row of parseDataFile({ path, format, layout })) {
      tally.read++
      if (tally.read % 10_000 === 0) onProgress(tally.read)
      if (isInvalidRow(row)) { await tally.reject(row); continue }
      const record = preprocess(row)
      if (isInvalidRow(record)) { await tally.reject(record); continue }
      for (const field of record.blanked) tally.countBlanked(field)
      yield { rowNumber: row.rowNumber, record }
    }
  }
  return {
    records: valid(),
    close: () => tally.close(),
    /** Once the records are stored: nothing is dropped silently, read = added + invalid. */
    result: (added: number): LoadFileResult => tally.result(added),
  }
}

/**
 * Loads one data file: its records COPYed into the project's record store in one transaction (copyRecords).
 * A large delimited file is parsed and preprocessed on `threads` threads, range by range (loading/parallel), a
 * gzipped one from a decompressed copy in the reports folder, removed afterwards (inflate-copy.ts). Its COPY text
 * still goes, in file order, through the one COPY of that transaction, so rows, row numbers, rejections, blanking
 * and retries are exactly those of the single-thread path, which every other file takes.
 */
export async function loadFile(client: pg.ClientBase, input: LoadFileInput, onProgress: (rows: number) => void = () => {}): Promise<LoadFileResult> {
  const target = { schema: input.schema, eventTypeId: input.file.eventTypeId, linkageId: input.linkageId, fileIndex: input.file.fileIndex }
  const linePrefix = copyLinePrefix(target)
  const { path, format, layout } = fileFormat(input)
  const threads = loadThreads(input.threads)
  const route = threads > 1 ? await splitRoute(path, format, layout, input.splitMinBytes) : null
  if (route !== null) {
    // A gzipped file is parsed from a decompressed copy in the reports folder, under its own name in every message.
    const plain = route === 'gunzip' ? await inflateCopy(input.reportDir, path) : path
    const tally = await FileTally.open(input.reportDir, input.reportName)
    try {
      await copyRecords(client, target, copyTextInRanges({ path: plain, fileName: basename(path), format, layout, linePrefix, threads, rangeBytes: input.rangeBytes }, tally, onProgress))
    } finally {
      await tally.close()
      if (plain !== path) await rm(plain, { force: true })
    }
    return { ...tally.result(), threads }
  }
  const file = await openFileRecords(input, onProgress)
  let added = 0
  const lines = async function* () {
    let batch = ''
    for await (const { rowNumber, record } of file.records) {
      batch += recordCopyLine(linePrefix, rowNumber, record)
      added++
      if (batch.length > 1 << 16) { yield batch; batch = '' }
    }
    if (batch) yield batch
  }
  try {
    await copyRecords(client, target, lines())
  } finally {
    await file.close()
  }
  return { ...file.result(added), threads: 1 }
}

function fileFormat(input: { folder: string; file: FilePlan }): { path: string; format: ImportFormatSpec; layout: ReturnType<typeof fileLayoutFrom> } {
  const format: ImportFormatSpec = { columnType: input.file.importFormat.columnType as ColumnTypeValue, columns: input.file.importFormat.columns }
  return { path: join(input.file.folder ?? input.folder, input.file.fileName), format, layout: fileLayoutFrom(input.file.settings, format.columnType) }
}
