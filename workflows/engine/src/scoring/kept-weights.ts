/**
 * The per-field weights of kept pairs (what StrategyScorer.explain gives), taken as each chunk is kept: then the
 * fields' memos still hold the pairs just scored, where a later explain of the stored pairs missed them. Taken
 * at write time, they were 40 % of a block partition's pair write (0.6 s of JavaScript for 275,000 pairs).
 * Row k belongs to kept pair k of the PairStore; a row has `stride` slots (the most matching fields of any
 * strategy), of which a pair's strategy fills its own fields' count.
 */
import type { FieldScorer } from './field-scorer.js'

export class KeptWeights {
  private values: Float64Array
  length = 0

  constructor(readonly stride: number) {
    this.values = new Float64Array(stride * 1024)
  }

  /** Appends the rows of the first n pairs of a kept chunk, weighed by their strategy's fields. */
  append(fields: readonly FieldScorer[], left: Int32Array, right: Int32Array, n: number): void {
    const stride = this.stride
    if (stride > 0) {
      this.ensure(n)
      const values = this.values
      for (let f = 0; f < fields.length; f++) {
        const field = fields[f]!
        for (let k = 0, at = this.length * stride + f; k < n; k++, at += stride) values[at] = field.weightFor(left[k]!, right[k]!)
      }
    }
    this.length += n
  }

  /** Field f's weight in kept pair k. */
  at(k: number, f: number): number {
    return this.values[k * this.stride + f]!
  }

  private ensure(extra: number): void {
    const need = (this.length + extra) * this.stride
    if (need <= this.values.length) return
    let capacity = this.values.length * 2
    while (capacity < need) capacity *= 2
    const grown = new Float64Array(capacity)
    grown.set(this.values.subarray(0, this.length * this.stride))
    this.values = grown
  }
}
