import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type pg from 'pg'
import type { ColumnTypeValue } from '@ligature/contracts'
import { parseDataFile } from '../loading/parse/parse-data-file.js'
import { dateFormatOf, fileLayoutFrom, type ImportFormatSpec } from '../loading/parse/import-format.js'
import { isInvalidRow, type InvalidRow } from '../loading/parse/rows.js'
import { rowPreprocessor } from '../loading/preprocess/preprocess-row.js'
import { InvalidRowsReport } from '../loading/report/invalid-rows-report.js'
import type { PreprocessedRecord } from '../loading/preprocess/preprocess-row.js'
import type { LinkageFieldName } from '../loading/linkage-fields.js'
import { copyRecords } from '../records/copy-records.js'
import type { FilePlan } from './envelope-plan.js'

export interface LoadFileInput { folder: string; reportDir: string; reportName: string; schema: string; linkageId: number; file: FilePlan }
export interface LoadFileResult {
  read: number
  invalid: number
  added: number
  /** Per linkage field, how many records had that field blanked because its value failed its check. */
  blanked: Partial<Record<LinkageFieldName, number>>
  /** The first rejected rows (row number and reason; reasons never quote a value), for the notification. */
  firstInvalid: InvalidRow[]
  report: { filename: string; path: string } | null
}

/** How many rejected rows a notification names; the attached report lists all of them. */
export const INVALID_ROWS_NAMED = 10

/**
 * One data file read by its import format and preprocessed, row by row: `records` yields the loadable records;
 * rejected rows (only a malformed row or a missing Source Unique ID) go to a CSV report (row number, reason) and
 * the first few to the result; a field that fails its check is blanked and counted, and the record still yields.
 * Shared by loading into the record store and staging for estimation, so both reject and blank alike.
 */
export async function openFileRecords(input: { folder: string; reportDir: string; reportName: string; file: FilePlan }, onProgress: (rows: number) => void) {
  const format: ImportFormatSpec = { columnType: input.file.importFormat.columnType as ColumnTypeValue, columns: input.file.importFormat.columns }
  const layout = fileLayoutFrom(input.file.settings, format.columnType)
  const preprocess = rowPreprocessor({ dateFormat: dateFormatOf(format) ?? null })
  await mkdir(input.reportDir, { recursive: true })
  const reportPath = join(input.reportDir, input.reportName)
  const report = InvalidRowsReport.create(reportPath)
  let read = 0
  const blanked: Partial<Record<LinkageFieldName, number>> = {}
  const firstInvalid: InvalidRow[] = []
  const reject = async (row: InvalidRow) => {
    if (firstInvalid.length < INVALID_ROWS_NAMED) firstInvalid.push({ rowNumber: row.rowNumber, reason: row.reason })
    await report.add(row)
  }
  const valid = async function* (): AsyncGenerator<{ rowNumber: number; record: PreprocessedRecord }> {
    for await (const row of parseDataFile({ path: join(input.file.folder ?? input.folder, input.file.fileName), format, layout })) {
      read++
      if (read % 10_000 === 0) onProgress(read)
      if (isInvalidRow(row)) { await reject(row); continue }
      const record = preprocess(row)
      if (isInvalidRow(record)) { await reject(record); continue }
      for (const field of record.blanked) blanked[field] = (blanked[field] ?? 0) + 1
      yield { rowNumber: row.rowNumber, record }
    }
  }
  return {
    records: valid(),
    close: () => report.close(),
    /** Once the records are stored: nothing is dropped silently, read = added + invalid. */
    result: (added: number): LoadFileResult => {
      const invalid = read - added
      return { read, invalid, added, blanked, firstInvalid, report: invalid > 0 ? { filename: input.reportName, path: reportPath } : null }
    },
  }
}

/** Loads one data file: its records COPYed into the project's record store (see openFileRecords). */
export async function loadFile(client: pg.ClientBase, input: LoadFileInput, onProgress: (rows: number) => void = () => {}): Promise<LoadFileResult> {
  const file = await openFileRecords(input, onProgress)
  let added: number
  try {
    added = await copyRecords(client, { schema: input.schema, eventTypeId: input.file.eventTypeId, linkageId: input.linkageId, fileIndex: input.file.fileIndex }, file.records)
  } finally {
    await file.close()
  }
  return file.result(added)
}
