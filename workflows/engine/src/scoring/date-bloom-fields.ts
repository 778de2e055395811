/** Field scorers over kind-specific column data: parsed dates and Bloom filters. */
import { packedDateDigits, packedDigitDifferences, SWAP_SIMILARITY } from '../comparators/date.js'
import type { Column } from '../columnar/column.js'
import type { FieldScorer, SimilarityToWeight } from './field-scorer.js'

/** Same similarity as dateSimilarityOfParts, with day numbers read from the column instead of computed. */
export class DateField implements FieldScorer {
  private readonly codes: Int32Array
  private readonly years: Int32Array
  private readonly months: Int32Array
  private readonly days: Int32Array
  private readonly dayNumbers: Int32Array
  /** packedDateDigits per code, when digit typos count. */
  private readonly digits: Int32Array

  constructor(readonly field: string, column: Column, private readonly toleranceDays: number,
    private readonly allowSwap: boolean, private readonly toWeight: SimilarityToWeight, private readonly digitTypos = 0) {
    if (!column.years || !column.months || !column.days || !column.dayNumbers) throw new Error(`field ${field} is not a date column`)
    this.codes = column.codes
    this.years = column.years; this.months = column.months; this.days = column.days; this.dayNumbers = column.dayNumbers
    this.digits = new Int32Array(digitTypos > 0 ? column.years.length : 0)
    for (let c = 0; c < this.digits.length; c++) this.digits[c] = packedDateDigits(this.years[c]!, this.months[c]!, this.days[c]!)
  }

  weightFor(i: number, j: number): number {
    const a = this.codes[i]!, b = this.codes[j]!
    const ya = this.years[a]!, yb = this.years[b]!
    if (ya === 0 || yb === 0) return 0 // missing or unparseable
    const diff = Math.abs(this.dayNumbers[a]! - this.dayNumbers[b]!)
    if (diff === 0) return this.toWeight.weights.agreement // equal dates, possibly spelt differently
    let similarity = 0
    if (diff <= this.toleranceDays) similarity = 1 - diff / (this.toleranceDays + 1)
    else if (this.allowSwap && ya === yb && this.months[a] === this.days[b] && this.days[a] === this.months[b]) {
      similarity = SWAP_SIMILARITY
    } else if (this.digitTypos > 0 && packedDigitDifferences(this.digits[a]!, this.digits[b]!) <= this.digitTypos) {
      similarity = SWAP_SIMILARITY
    }
    return this.toWeight.weight(similarity)
  }

  accumulate(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void {
    for (let k = 0; k < n; k++) out[k]! += this.weightFor(left[k]!, right[k]!)
  }
}

export class BloomField implements FieldScorer {
  constructor(readonly field: string, private readonly column: Column, private readonly toWeight: SimilarityToWeight) {
    if (!column.bloom) throw new Error(`field ${field} is not a Bloom column`)
  }

  weightFor(i: number, j: number): number {
    const a = this.column.codes[i]!, b = this.column.codes[j]!
    if (a === 0 || b === 0) return 0
    return this.toWeight.weight(this.column.bloom!.dice(a, b))
  }

  /** Gathers the pairs' codes straight into the kernel's memory, runs the wasm Dice kernel, maps Dice to weights. */
  accumulate(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void {
    const codes = this.column.codes, bloom = this.column.bloom!
    const { left: lc, right: rc, out: dice } = bloom.scratch
    for (let from = 0; from < n; from += lc.length) {
      const len = Math.min(lc.length, n - from)
      for (let k = 0; k < len; k++) { lc[k] = codes[left[from + k]!]!; rc[k] = codes[right[from + k]!]! }
      bloom.diceScratch(len)
      for (let k = 0; k < len; k++) {
        if (lc[k] !== 0 && rc[k] !== 0) out[from + k]! += this.toWeight.weight(dice[k]!)
      }
    }
  }
}
