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

/**
 * Many rows' fields as UTF-8 byte ranges of one buffer: field f of row r is cell r × width + f,
 * bytes[starts[cell], ends[cell]); an empty range is the empty value (and SQL NULL).
 */
export interface CellBatch {
  rows: number
  width: number
  bytes: Uint8Array
  starts: Int32Array
  ends: Int32Array
  /** Cells whose bytes are not in `bytes` (values a reader had to unescape), by cell; null when there are none. */
  elsewhere: ReadonlyMap<number, Uint8Array> | null
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

  /**
   * Adds a batch of records, a column at a time (as fast as addRow, and the cells need no row object): `isNew[r]`
   * flags row r; column c's bytes are field `offset + c`. Codes follow first appearance in row order either way.
   */
  addBatch(batch: CellBatch, offset: number, isNew: Uint8Array | null): void {
    const n = batch.rows, first = this.count
    while (first + n > this.isNew.length) this.grow()
    const { bytes, starts, ends, width, elsewhere } = batch
    for (let c = 0; c < this.specs.length; c++) {
      const dictionary = this.dictionaries[c]!, codes = this.codes[c]!
      for (let r = 0, cell = offset + c; r < n; r++, cell += width) {
        const own = elsewhere === null ? undefined : elsewhere.get(cell)
        codes[first + r] = own === undefined ? dictionary.code(bytes, starts[cell]!, ends[cell]!) : dictionary.code(own, 0, own.length)
      }
    }
    if (isNew) this.isNew.set(isNew.subarray(0, n), first)
    this.count += n
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
