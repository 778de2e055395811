/**
 * What one file's load tells the operator: the Load job's stats, the notification sentences and the linkage
 * report's loading section. Pure, so the workflow can import it. Nothing here quotes a value from the data:
 * rejected rows are named by row number and a reason, blanked fields by name and count.
 */
import { LINKAGE_FIELDS, type LinkageFieldName } from '../loading/linkage-fields.js'
import type { InvalidRow } from '../loading/parse/rows.js'

export interface LoadCounts {
  read: number
  invalid: number
  added: number
  blanked: Partial<Record<LinkageFieldName, number>>
  firstInvalid: InvalidRow[]
  /** Threads that parsed the file, when the load reports it. */
  threads?: number
}

/** One file in the linkage report's `loading` section. */
export interface FileLoadSummary {
  fileName: string
  eventTypeCode: string
  rowsRead: number
  rowsRejected: number
  recordsAdded: number
  /** Records whose field was blanked, per linkage field; fields with none are left out. */
  fieldsBlanked: Partial<Record<LinkageFieldName, number>>
}

/** The blanked counts in linkage-field order, zeros left out. */
export function blankedInOrder(blanked: LoadCounts['blanked']): [LinkageFieldName, number][] {
  return LINKAGE_FIELDS.flatMap((f): [LinkageFieldName, number][] => ((blanked[f] ?? 0) > 0 ? [[f, blanked[f]!]] : []))
}

export function loadStats(loaded: LoadCounts): { name: string; value: string }[] {
  const blanked = blankedInOrder(loaded.blanked)
  return [
    { name: 'Records read', value: String(loaded.read) },
    { name: 'Records invalid', value: String(loaded.invalid) },
    { name: 'Records added', value: String(loaded.added) },
    { name: 'Fields blanked', value: String(blanked.reduce((n, [, c]) => n + c, 0)) },
    ...blanked.map(([field, n]) => ({ name: `Blanked ${field}`, value: String(n) })),
    ...(loaded.threads === undefined ? [] : [{ name: 'Load threads', value: String(loaded.threads) }]),
  ]
}

export function fileLoadSummary(fileName: string, eventTypeCode: string, loaded: LoadCounts): FileLoadSummary {
  return {
    fileName, eventTypeCode, rowsRead: loaded.read, rowsRejected: loaded.invalid, recordsAdded: loaded.added,
    fieldsBlanked: Object.fromEntries(blankedInOrder(loaded.blanked)),
  }
}

/** The Warning for rejected rows: how many, the first few by row number and reason, and where the rest are. */
export function rejectedRowsMessage(fileName: string, loaded: LoadCounts): string {
  const named = loaded.firstInvalid.map((r) => `row ${r.rowNumber} (${r.reason})`).join('; ')
  const more = loaded.invalid > loaded.firstInvalid.length ? `; the attachment lists all ${loaded.invalid}` : '; the attachment lists them'
  return `${loaded.invalid} of ${loaded.read} rows of ${fileName} were rejected and not loaded (only a missing Source Unique ID or a malformed row rejects a row): ${named}${more}.`
}

/** The Warning for blanked fields, or null when every value passed its check. */
export function blankedFieldsMessage(fileName: string, loaded: LoadCounts): string | null {
  const blanked = blankedInOrder(loaded.blanked)
  if (blanked.length === 0) return null
  const list = blanked.map(([f, n]) => `${f} ${n}`).join(', ')
  return `${fileName}: some values failed their check and were stored blank; those records were loaded and linked on their other fields. Records with a blanked field: ${list}.`
}
