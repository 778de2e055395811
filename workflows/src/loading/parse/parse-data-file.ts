import { basename } from 'node:path'
import { ColumnType } from '@ligature/contracts/enums'
import { parseDelimited } from './delimited.js'
import { parseFixedWidth } from './fixed-width.js'
import { importFormatProblems, type FileLayout, type ImportFormatSpec } from './import-format.js'
import { DEFAULT_MAX_DATA_BYTES, dataFileError, openDataBytes } from './open-text.js'
import type { RowResult } from './rows.js'

export interface DataFileInput {
  path: string
  format: ImportFormatSpec
  layout: FileLayout
  /** Cap on the (decompressed) bytes read. */
  maxBytes?: number
}

/**
 * Streams the rows of one data file (UTF-8, with or without BOM; LF or CRLF; gunzipped when named `.gz`).
 * Memory stays bounded by one chunk plus one record whatever the file size. Yields parsed rows and invalid
 * rows in file order; throws an `InvalidDataFile` rejection when the file as a whole cannot be read, in which
 * case rows already yielded must be discarded.
 */
export async function* parseDataFile(input: DataFileInput): AsyncGenerator<RowResult> {
  const fileName = basename(input.path)
  const problems = importFormatProblems(input.format, input.layout)
  if (problems.length > 0) throw dataFileError(fileName, problems.join(' '))
  const bytes = openDataBytes(input.path, input.maxBytes ?? DEFAULT_MAX_DATA_BYTES)
  try {
    if (input.format.columnType === ColumnType.FixedWidth) yield* parseFixedWidth(bytes, input.format, input.layout, fileName)
    else yield* parseDelimited(bytes, input.format, input.layout, fileName)
  } finally {
    bytes.destroy()
  }
}
