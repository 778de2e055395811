/**
 * "Load Probability Calculation": a probability estimation envelope's data file is parsed and preprocessed
 * exactly like a linkage file (load-file.ts: same import format, same blanking, same rejections), but the
 * records go to a staging file in the worker's data folder, never into the project's record store, so they
 * are neither linked nor kept. The staging file holds one COPY-text line per record in RECORD_COLUMNS order
 * and is deleted when the estimation ends (estimation.activities.ts).
 */
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { once } from 'node:events'
import { join } from 'node:path'
import type { ColumnTypeValue } from '@ligature/contracts'
import { parseDataFile } from '../loading/parse/parse-data-file.js'
import { dateFormatOf, fileLayoutFrom, type ImportFormatSpec } from '../loading/parse/import-format.js'
import { isInvalidRow, type InvalidRow } from '../loading/parse/rows.js'
import { rowPreprocessor } from '../loading/preprocess/preprocess-row.js'
import { InvalidRowsReport } from '../loading/report/invalid-rows-report.js'
import { copyTextLine, recordValues } from '../loading/store/copy-text.js'
import type { LinkageFieldName } from '../loading/linkage-fields.js'
import type { FilePlan } from '../pipeline/envelope-plan.js'
import { INVALID_ROWS_NAMED, type LoadFileResult } from '../pipeline/load-file.js'

export interface StageFileInput { folder: string; stagingPath: string; reportDir: string; reportName: string; file: FilePlan }

export async function stageFile(input: StageFileInput, onProgress: (rows: number) => void = () => {}): Promise<LoadFileResult> {
  const format: ImportFormatSpec = { columnType: input.file.importFormat.columnType as ColumnTypeValue, columns: input.file.importFormat.columns }
  const layout = fileLayoutFrom(input.file.settings, format.columnType)
  const preprocess = rowPreprocessor({ dateFormat: dateFormatOf(format) ?? null })
  await mkdir(input.reportDir, { recursive: true })
  const reportPath = join(input.reportDir, input.reportName)
  const report = InvalidRowsReport.create(reportPath)
  const out = createWriteStream(input.stagingPath)
  let read = 0, added = 0
  const blanked: Partial<Record<LinkageFieldName, number>> = {}
  const firstInvalid: InvalidRow[] = []
  const reject = async (row: InvalidRow) => {
    if (firstInvalid.length < INVALID_ROWS_NAMED) firstInvalid.push({ rowNumber: row.rowNumber, reason: row.reason })
    await report.add(row)
  }
  try {
    for await (const row of parseDataFile({ path: join(input.file.folder ?? input.folder, input.file.fileName), format, layout })) {
      read++
      if (read % 10_000 === 0) onProgress(read)
      if (isInvalidRow(row)) { await reject(row); continue }
      const record = preprocess(row)
      if (isInvalidRow(record)) { await reject(record); continue }
      for (const field of record.blanked) blanked[field] = (blanked[field] ?? 0) + 1
      if (!out.write(copyTextLine(recordValues(record)))) await once(out, 'drain')
      added++
    }
  } finally {
    out.end()
    await once(out, 'close')
    await report.close()
  }
  const invalid = read - added
  return { read, invalid, added, blanked, firstInvalid, report: invalid > 0 ? { filename: input.reportName, path: reportPath } : null }
}
