import { DERIVED_FIELDS, LINKAGE_FIELDS } from '../linkage-fields.js'
import type { PreprocessedRecord } from '../preprocess/preprocess-row.js'

/** Columns of a stored record in a fixed order: linkage fields, derived fields, then `aux` (JSON). */
export const RECORD_COLUMNS = [...LINKAGE_FIELDS, ...DERIVED_FIELDS, 'aux'] as const

export type CopyValue = string | number | null | undefined

const SPECIAL = /[\\\t\n\r]/

/**
 * One line of PostgreSQL `COPY … FROM STDIN` text format: values separated by tabs, `\N` for null,
 * backslash, tab, CR and LF escaped. Callers put their own columns (project, event type, row number…)
 * before or after `recordValues(record)`.
 */
export function copyTextLine(values: readonly CopyValue[]): string {
  let line = ''
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += '\t'
    const v = values[i]
    if (v === null || v === undefined) line += '\\N'
    else if (typeof v === 'number') line += String(v)
    else line += SPECIAL.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v
  }
  return line + '\n'
}

/** The record's values in `RECORD_COLUMNS` order; `aux` as a JSON object (null when empty). */
export function recordValues(record: PreprocessedRecord): CopyValue[] {
  const values: CopyValue[] = []
  for (const field of LINKAGE_FIELDS) values.push(record[field])
  for (const field of DERIVED_FIELDS) values.push(record[field])
  values.push(Object.keys(record.aux).length > 0 ? JSON.stringify(record.aux) : null)
  return values
}

/**
 * A stored record's COPY line: `prefix` (the caller's leading columns, each followed by a tab, e.g. event type,
 * linkage and file index), the row number, then the record's values. One function for the single-thread and the
 * parallel load, so the two cannot write different lines.
 */
export function recordCopyLine(prefix: string, rowNumber: number, record: PreprocessedRecord): string {
  return prefix + rowNumber + '\t' + copyTextLine(recordValues(record))
}
