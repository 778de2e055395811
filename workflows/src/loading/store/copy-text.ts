import { DERIVED_FIELDS, LINKAGE_FIELDS } from '../linkage-fields.js'
import type { PreprocessedRecord } from '../preprocess/preprocess-row.js'

/** Columns of a stored record in a fixed order: linkage fields, derived fields, then `aux` (JSON). */
export const RECORD_COLUMNS = [...LINKAGE_FIELDS, ...DERIVED_FIELDS, 'aux'] as const

export type CopyValue = string | number | null | undefined

/** Whether a value holds a character COPY text escapes (backslash, tab, LF, CR): a loop, cheaper than a regular expression on values this short. */
function needsEscape(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i)
    if (c === 0x5c || c === 0x09 || c === 0x0a || c === 0x0d) return true
  }
  return false
}

/** One value as COPY text. */
function copyCell(v: CopyValue): string {
  if (v === null || v === undefined) return '\\N'
  if (typeof v === 'number') return String(v)
  return needsEscape(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v
}

/**
 * One line of PostgreSQL `COPY … FROM STDIN` text format: values separated by tabs, `\N` for null,
 * backslash, tab, CR and LF escaped. Callers put their own columns (project, event type, row number…)
 * before or after `recordValues(record)`.
 */
export function copyTextLine(values: readonly CopyValue[]): string {
  let line = ''
  for (let i = 0; i < values.length; i++) line += (i > 0 ? '\t' : '') + copyCell(values[i])
  return line + '\n'
}

/** The record's values in `RECORD_COLUMNS` order; `aux` as a JSON object (null when empty). */
export function recordValues(record: PreprocessedRecord): CopyValue[] {
  const values: CopyValue[] = []
  for (const field of LINKAGE_FIELDS) values.push(record[field])
  for (const field of DERIVED_FIELDS) values.push(record[field])
  values.push(auxJson(record.aux))
  return values
}

const auxJson = (aux: Record<string, string>): string | null => {
  for (const _ in aux) return JSON.stringify(aux)
  return null
}

/**
 * A stored record's COPY line: `prefix` (the caller's leading columns, each followed by a tab, e.g. event type,
 * linkage and file index), the row number, then the record's values. One function for the single-thread and the
 * parallel load, so the two cannot write different lines.
 */
export function recordCopyLine(prefix: string, rowNumber: number, record: PreprocessedRecord): string {
  // The same line as copyTextLine(recordValues(record)) after the prefix, without the array in between: this
  // runs once per loaded record.
  let line = prefix + rowNumber
  for (const field of LINKAGE_FIELDS) line += '\t' + copyCell(record[field])
  for (const field of DERIVED_FIELDS) line += '\t' + copyCell(record[field])
  return line + '\t' + copyCell(auxJson(record.aux)) + '\n'
}
