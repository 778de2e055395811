/**
 * Builds a RecordTable one record at a time, dictionary-encoding as it goes (from strings, or straight from
 * UTF-8 bytes), so a reader streaming millions of rows never holds them as strings: memory is the Int32 codes
 * plus each distinct value once.
 */
import { ByteDictionary } from './byte-dictionary.js'
import { Column, type ColumnSpec } from './column.js'
import { RecordTable } from './record-table.js'

/**
 * One row's fields as UTF-8 byte ranges, read where they lie (a COPY reader's row): field f is
 * source(f)[start(f), end(f)). Three calls rather than a tuple, so a million rows allocate nothing per cell.
 */
export interface FieldBytes {
  source(field: number): Uint8Array
  start(field: number): number
  end(field: number): number
}

export class RecordTableBuilder {
  private readonly dictionaries: ByteDictionary[]
  private codes: Int32Array[]
  private isNew: Uint8Array
  private count = 0

  constructor(private readonly specs: readonly ColumnSpec[], capacity = 1024) {
    this.dictionaries = specs.map(() => new ByteDictionary())
    this.codes = specs.map(() => new Int32Array(Math.max(capacity, 1)))
    this.isNew = new Uint8Array(Math.max(capacity, 1))
  }

  get size(): number {
    return this.count
  }

  /** Adds one record: `values[offset + c]` is the value of column c (in `specs` order). */
  add(values: readonly (string | null | undefined)[], offset: number, isNew: boolean): number {
    if (this.count === this.isNew.length) this.grow()
    const r = this.count++
    for (let c = 0; c < this.specs.length; c++) this.codes[c]![r] = this.dictionaries[c]!.codeOfString(values[offset + c])
    this.isNew[r] = isNew ? 1 : 0
    return r
  }

  /** Adds one record from UTF-8 byte ranges: column c's bytes are field `offset + c` of `row`. */
  addRow(row: FieldBytes, offset: number, isNew: boolean): number {
    if (this.count === this.isNew.length) this.grow()
    const r = this.count++
    for (let c = 0; c < this.specs.length; c++) {
      const f = offset + c
      this.codes[c]![r] = this.dictionaries[c]!.code(row.source(f), row.start(f), row.end(f))
    }
    this.isNew[r] = isNew ? 1 : 0
    return r
  }

  build(): RecordTable {
    const n = this.count
    const columns = this.specs.map((spec, c) => new Column(spec, this.codes[c]!.slice(0, n), this.dictionaries[c]!.values))
    return new RecordTable(n, columns, this.isNew.slice(0, n))
  }

  private grow(): void {
    const capacity = this.isNew.length * 2
    this.codes = this.codes.map((old) => { const next = new Int32Array(capacity); next.set(old); return next })
    const isNew = new Uint8Array(capacity)
    isNew.set(this.isNew)
    this.isNew = isNew
  }
}
