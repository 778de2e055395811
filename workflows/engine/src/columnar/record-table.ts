/**
 * The records of one block partition (incoming plus existing) as typed columns. Record indices 0…size−1 are
 * the engine's record ids; the caller keeps the mapping to database ids. `isNew` marks incoming records:
 * pairs between two existing records were compared by earlier linkages and are not generated again.
 */
import { Column, DictionaryBuilder, type ColumnSpec } from './column.js'

export type RecordRow = Readonly<Record<string, string | null | undefined>>

/**
 * A field's value counts over a population wider than the table (a linkage that read only the blocks its
 * incoming records touch): records holding each value, and records holding any value. Values missing from
 * `byValue` count as 0.
 */
export interface TermCounts { byValue: ReadonlyMap<string, number>; present: number }

export class RecordTable {
  private readonly byName = new Map<string, Column>()
  private readonly counts = new Map<string, TermCounts>()

  constructor(readonly size: number, columns: readonly Column[], readonly isNew: Uint8Array | null = null) {
    for (const column of columns) {
      if (column.codes.length !== size) throw new Error(`column ${column.spec.name} has the wrong length`)
      this.byName.set(column.spec.name, column)
    }
    if (isNew && isNew.length !== size) throw new Error('isNew has the wrong length')
  }

  column(name: string): Column {
    const column = this.byName.get(name)
    if (!column) throw new Error(`unknown field ${name}`)
    return column
  }

  /** Term frequencies of `field` come from `counts` instead of the table's own records. */
  setTermCounts(field: string, counts: TermCounts): void {
    this.column(field)
    this.counts.set(field, counts)
  }

  termCounts(field: string): TermCounts | null {
    return this.counts.get(field) ?? null
  }

  get columnNames(): string[] {
    return [...this.byName.keys()]
  }

  /** Builds a table from row objects; `isNew[i]` true for incoming records (omit: all incoming). */
  static fromRows(rows: readonly RecordRow[], specs: readonly ColumnSpec[], isNew?: readonly boolean[]): RecordTable {
    const columns = specs.map(spec => {
      const dictionary = new DictionaryBuilder()
      const codes = new Int32Array(rows.length)
      for (let i = 0; i < rows.length; i++) codes[i] = dictionary.code(rows[i]![spec.name])
      return new Column(spec, codes, dictionary.values)
    })
    return new RecordTable(rows.length, columns, isNew ? Uint8Array.from(isNew, Number) : null)
  }

  /** Builds a table from value arrays per column (cheaper than rows for large inputs). */
  static fromColumns(data: Readonly<Record<string, readonly (string | null | undefined)[]>>,
    specs: readonly ColumnSpec[], isNew: Uint8Array | null = null): RecordTable {
    let size = -1
    const columns = specs.map(spec => {
      const values = data[spec.name]
      if (!values) throw new Error(`no data for column ${spec.name}`)
      if (size === -1) size = values.length
      const dictionary = new DictionaryBuilder()
      const codes = new Int32Array(values.length)
      for (let i = 0; i < values.length; i++) codes[i] = dictionary.code(values[i])
      return new Column(spec, codes, dictionary.values)
    })
    return new RecordTable(Math.max(size, 0), columns, isNew)
  }
}
