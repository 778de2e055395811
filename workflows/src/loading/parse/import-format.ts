import { ColumnType, type ColumnTypeValue } from '@ligature/contracts/enums'

/** One column of an import format (the contract's ImportFormatColumn, minus ids). */
export interface ImportColumn {
  name: string
  /** Linkage field it feeds; blank for an auxiliary column kept under its own name. */
  linkageField: string
  /** One-based position for DelimitedByIndex. */
  index?: number | null
  /** One-based, inclusive character positions for FixedWidth. */
  startPosition?: number | null
  endPosition?: number | null
  /** Date format for dateOfBirth, e.g. `yyyyMMdd`. */
  format?: string | null
}

export interface ImportFormatSpec {
  columnType: ColumnTypeValue
  columns: ImportColumn[]
  /** "Column Validation": when true a mapped column missing from the header is read as blank. */
  ignoreMissingColumns?: boolean
}

/** How the data source says its files are laid out (Delimited File and Text Files sources). */
export interface FileLayout {
  /** Any single character; `\t` for tab. Ignored by FixedWidth. */
  separator: string
  firstLineHeader: boolean
}

export interface DataSourceSettingLike {
  name: string
  value: string
}

const key = (name: string) => name.replace(/[\s_-]/g, '').toLowerCase()
const SEPARATOR_NAMES = new Set(['columnseparator', 'separator', 'delimiter'])
const HEADER_NAMES = new Set(['isfirstlineheader', 'firstlineheader', 'hasheader', 'header'])
const NAMED_SEPARATORS: Record<string, string> = { '\\t': '\t', tab: '\t', comma: ',', pipe: '|', semicolon: ';' }

/**
 * Reads the layout from a data source's settings (`ColumnSeparator`, `IsFirstLineHeader`, matched without
 * regard to case, spaces or underscores). Without settings: comma, and a header row only for DelimitedByName,
 * which cannot work without one.
 */
export function fileLayoutFrom(settings: readonly DataSourceSettingLike[] | undefined, columnType: ColumnTypeValue): FileLayout {
  let separator = ','
  let firstLineHeader: boolean = columnType === ColumnType.DelimitedByName
  for (const { name, value } of settings ?? []) {
    const k = key(name)
    if (SEPARATOR_NAMES.has(k)) separator = NAMED_SEPARATORS[value.trim().toLowerCase()] ?? value
    if (HEADER_NAMES.has(k)) firstLineHeader = /^(true|yes|y|1)$/i.test(value.trim())
  }
  return { separator, firstLineHeader }
}

/** Configuration mistakes that make a whole file unreadable; returned as sentences, empty when fine. */
export function importFormatProblems(format: ImportFormatSpec, layout: FileLayout): string[] {
  const problems: string[] = []
  const { columnType, columns } = format
  if (columnType === ColumnType.Unknown) problems.push('The import format has no column type (FixedWidth, DelimitedByIndex or DelimitedByName).')
  if (columns.length === 0) problems.push('The import format has no columns.')
  if (columnType !== ColumnType.FixedWidth && [...layout.separator].length !== 1) {
    problems.push(`The column separator must be a single character, not ${JSON.stringify(layout.separator)}.`)
  }
  if (columnType === ColumnType.DelimitedByName && !layout.firstLineHeader) {
    problems.push('Columns located by name need a header row, but the data source says the first line is data.')
  }
  for (const c of columns) {
    if (columnType === ColumnType.DelimitedByIndex && !(Number.isInteger(c.index) && (c.index ?? 0) >= 1)) {
      problems.push(`Column ${c.name} needs a one-based index.`)
    }
    if (columnType === ColumnType.FixedWidth) {
      const { startPosition: s, endPosition: e } = c
      if (!(Number.isInteger(s) && Number.isInteger(e) && (s ?? 0) >= 1 && (e ?? 0) >= (s ?? 0))) {
        problems.push(`Column ${c.name} needs one-based start and end positions with start ≤ end.`)
      }
    }
  }
  return problems
}

/** The date format declared on the column that feeds dateOfBirth, if any. */
export function dateFormatOf(format: ImportFormatSpec): string | undefined {
  const column = format.columns.find((c) => c.linkageField.trim().toLowerCase() === 'dateofbirth')
  const declared = column?.format?.trim()
  return declared ? declared : undefined
}
