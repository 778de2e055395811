/**
 * One dictionary-encoded column: each record holds an Int32 code, code 0 means empty/missing, codes 1…D
 * index `values`. Equal values share a code, so Exact is an integer compare and string comparators can
 * memoise per distinct-value pair. Kind-specific data is kept per code: parsed dates, Bloom filters.
 */
import { BloomStore, DEFAULT_FILTER_BITS } from '../bloom/dice.js'
import { bloomFromBase64 } from '../bloom/encode.js'
import { dayNumber, parseDate } from '../comparators/date.js'
import type { ColumnKind } from '../types.js'

export const EMPTY_CODE = 0

export interface ColumnSpec {
  name: string
  kind: ColumnKind
  /** Bloom columns: filter length in bits (default 1024). Values are base64 filters. */
  filterBits?: number
}

export class DictionaryBuilder {
  readonly values: string[] = ['']
  private readonly index = new Map<string, number>()

  code(value: string | null | undefined): number {
    if (value == null || value === '') return EMPTY_CODE
    let code = this.index.get(value)
    if (code === undefined) {
      code = this.values.length
      this.values.push(value)
      this.index.set(value, code)
    }
    return code
  }
}

export class Column {
  /** Date columns: year, month, day per code (year 0 = not a valid date, compared as missing). */
  readonly years: Int32Array | null = null
  readonly months: Int32Array | null = null
  readonly days: Int32Array | null = null
  /** Date columns: days since 1970-01-01 per code, so tolerance checks are one subtraction. */
  readonly dayNumbers: Int32Array | null = null
  readonly bloom: BloomStore | null = null

  constructor(readonly spec: ColumnSpec, readonly codes: Int32Array, readonly values: readonly string[]) {
    const distinct = values.length
    if (spec.kind === 'date') {
      this.years = new Int32Array(distinct)
      this.months = new Int32Array(distinct)
      this.days = new Int32Array(distinct)
      this.dayNumbers = new Int32Array(distinct)
      for (let c = 1; c < distinct; c++) {
        const parts = parseDate(values[c]!)
        if (!parts) continue
        this.years[c] = parts.year; this.months[c] = parts.month; this.days[c] = parts.day
        this.dayNumbers[c] = dayNumber(parts.year, parts.month, parts.day)
      }
    } else if (spec.kind === 'bloom') {
      const bits = spec.filterBits ?? DEFAULT_FILTER_BITS
      this.bloom = new BloomStore(bits, distinct)
      this.bloom.set(0, new Uint32Array(bits / 32))
      for (let c = 1; c < distinct; c++) this.bloom.set(c, bloomFromBase64(values[c]!, bits))
    }
  }

  private hashes: Uint32Array | null = null

  /** FNV-1a hash of each distinct value (by code), computed once: block partitions hash values, not codes. */
  get valueHashes(): Uint32Array {
    if (!this.hashes) {
      this.hashes = new Uint32Array(this.values.length)
      for (let c = 0; c < this.values.length; c++) {
        const s = this.values[c]!
        let h = 0x811c9dc5
        for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
        this.hashes[c] = h >>> 0
      }
    }
    return this.hashes
  }

  get distinctCount(): number {
    return this.values.length - 1
  }

  value(record: number): string {
    return this.values[this.codes[record]!]!
  }
}
