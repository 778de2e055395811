/** A data row mapped onto linkage fields (keyed by canonical field name) and auxiliary columns (by name). */
export interface ParsedRow {
  /** One-based line number in the file, header included (the line a record ends on when a quoted field spans lines). */
  rowNumber: number
  fields: Record<string, string>
  aux: Record<string, string>
}

/** A row that cannot become a record, with a sentence saying why. */
export interface InvalidRow {
  rowNumber: number
  reason: string
}

export type RowResult = ParsedRow | InvalidRow

/** Tells invalid rows from parsed rows and from preprocessed records alike. */
export function isInvalidRow<T extends object>(row: T | InvalidRow): row is InvalidRow {
  return 'reason' in row
}
