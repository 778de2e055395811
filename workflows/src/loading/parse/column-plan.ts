import { ColumnType } from '@ligature/contracts/enums'
import { MANDATORY_FIELD, canonicalLinkageField } from '../linkage-fields.js'
import type { ImportFormatSpec } from './import-format.js'

/** Where one output value comes from: a cell (delimited) or a character range (fixed width). */
interface Source {
  into: 'fields' | 'aux'
  key: string
  /** Zero-based cell index, or start character offset for fixed width; -1 when the column is absent. */
  at: number
  /** Exclusive end character offset (fixed width only). */
  end: number
}

export interface MappedRow {
  fields: Record<string, string>
  aux: Record<string, string>
}

/**
 * The resolved mapping of an import format onto one file: built once (after the header for DelimitedByName),
 * then applied to every row without further lookups.
 */
export class ColumnPlan {
  private constructor(
    private readonly sources: readonly Source[],
    /** Cells a delimited row must have, or characters a fixed-width line must reach. */
    readonly minimumWidth: number,
  ) {}

  /**
   * Builds the plan. `header` is the header row's cells for DelimitedByName (matched trimmed, ignoring case).
   * Returns problems instead when the format cannot be applied to this file.
   */
  static build(format: ImportFormatSpec, header?: readonly string[]): ColumnPlan | { problems: string[] } {
    const problems: string[] = []
    const headerIndex = new Map<string, number>()
    header?.forEach((h, i) => {
      const k = h.trim().toLowerCase()
      if (!headerIndex.has(k)) headerIndex.set(k, i)
    })
    const sources: Source[] = []
    const seenFields = new Set<string>()
    let minimumWidth = 0
    for (const column of format.columns) {
      const field = column.linkageField.trim()
      const into = field === '' ? 'aux' : 'fields'
      const key = into === 'aux' ? column.name : (canonicalLinkageField(field) ?? field)
      if (into === 'fields' && seenFields.has(key)) problems.push(`Two columns of the import format feed linkage field ${key}.`)
      seenFields.add(key)
      if (format.columnType === ColumnType.FixedWidth) {
        const start = (column.startPosition ?? 1) - 1
        const end = column.endPosition ?? start + 1
        sources.push({ into, key, at: start, end })
        minimumWidth = Math.max(minimumWidth, start + 1)
      } else if (format.columnType === ColumnType.DelimitedByIndex) {
        const at = (column.index ?? 1) - 1
        sources.push({ into, key, at, end: 0 })
        minimumWidth = Math.max(minimumWidth, at + 1)
      } else {
        const at = headerIndex.get(column.name.trim().toLowerCase()) ?? -1
        if (at < 0 && !format.ignoreMissingColumns) problems.push(`Column ${column.name} is not in the file's header row.`)
        sources.push({ into, key, at, end: 0 })
      }
    }
    if (!seenFields.has(MANDATORY_FIELD)) problems.push(`The import format maps no column to ${MANDATORY_FIELD}, which every record needs.`)
    return problems.length > 0 ? { problems } : new ColumnPlan(sources, minimumWidth)
  }

  /** Values of a delimited row; cells beyond the row's length read as blank. */
  fromCells(cells: readonly string[]): MappedRow {
    const row: MappedRow = { fields: {}, aux: {} }
    for (const s of this.sources) row[s.into][s.key] = s.at >= 0 ? (cells[s.at] ?? '') : ''
    return row
  }

  /** Values of a fixed-width line (positions count characters, not bytes). */
  fromLine(line: string): MappedRow {
    const chars = /[\uD800-\uDFFF]/.test(line) ? Array.from(line) : undefined
    const row: MappedRow = { fields: {}, aux: {} }
    for (const s of this.sources) {
      row[s.into][s.key] = chars ? chars.slice(s.at, s.end).join('') : line.slice(s.at, s.end)
    }
    return row
  }

  /** Length of a line in characters, as `fromLine` counts them. */
  static lineWidth(line: string): number {
    return /[\uD800-\uDFFF]/.test(line) ? Array.from(line).length : line.length
  }
}
