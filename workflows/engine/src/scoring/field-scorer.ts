/**
 * Per-field scorers. Each adds its field's weight for a run of pairs to `out` in one tight, monomorphic
 * loop over dictionary codes (column at a time), so scoring allocates nothing per pair. A missing value on
 * either side contributes 0 (neither evidence for nor against a match).
 */
import type { FieldWeights } from '../weights/weights.js'
import type { WeightCurve } from '../weights/curve.js'
import { PairMemo } from './pair-memo.js'

export interface FieldScorer {
  readonly field: string
  accumulate(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void
  /** The weight this field gives records i and j (explain path). */
  weightFor(i: number, j: number): number
}

/** Maps a similarity to a weight: below `gate` disagreement; else the curve, or full agreement. */
export class SimilarityToWeight {
  constructor(readonly weights: FieldWeights, readonly gate: number, readonly curve: WeightCurve | null) {}
  weight(similarity: number): number {
    const { agreement, disagreement } = this.weights
    if (!(similarity >= this.gate)) return disagreement
    return this.curve ? this.curve.weight(similarity, agreement, disagreement) : agreement
  }
}

export class ExactField implements FieldScorer {
  constructor(readonly field: string, private readonly codes: Int32Array, private readonly weights: FieldWeights) {}

  accumulate(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void {
    const codes = this.codes, agree = this.weights.agreement, disagree = this.weights.disagreement
    for (let k = 0; k < n; k++) {
      const a = codes[left[k]!]!, b = codes[right[k]!]!
      if (a !== 0 && b !== 0) out[k]! += a === b ? agree : disagree
    }
  }

  weightFor(i: number, j: number): number {
    const a = this.codes[i]!, b = this.codes[j]!
    if (a === 0 || b === 0) return 0
    return a === b ? this.weights.agreement : this.weights.disagreement
  }
}

/**
 * A string comparator memoised per distinct-value pair (JaroWinkler, Levenshtein). `belowGate(a, b)`, when
 * given, is a cheap test on codes that proves the similarity cannot reach the gate: such pairs disagree
 * without running the comparator or touching the memo.
 */
export class MemoStringField implements FieldScorer {
  private readonly memo = new PairMemo()

  constructor(readonly field: string, private readonly codes: Int32Array, private readonly values: readonly string[],
    private readonly similarity: (a: string, b: string) => number, private readonly toWeight: SimilarityToWeight,
    private readonly belowGate: ((a: number, b: number) => boolean) | null = null) {}

  private codePairWeight(a: number, b: number): number {
    if (a > b) { const t = a; a = b; b = t }
    if (this.belowGate !== null && this.belowGate(a, b)) return this.toWeight.weights.disagreement
    const slot = this.memo.find(a, b)
    if (slot >= 0) return this.memo.valueAt(slot)
    const w = this.toWeight.weight(this.similarity(this.values[a]!, this.values[b]!))
    this.memo.store(slot, a, b, w)
    return w
  }

  accumulate(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void {
    const codes = this.codes, agree = this.toWeight.weights.agreement
    for (let k = 0; k < n; k++) {
      const a = codes[left[k]!]!, b = codes[right[k]!]!
      if (a === 0 || b === 0) continue
      out[k]! += a === b ? agree : this.codePairWeight(a, b)
    }
  }

  weightFor(i: number, j: number): number {
    const a = this.codes[i]!, b = this.codes[j]!
    if (a === 0 || b === 0) return 0
    return a === b ? this.toWeight.weights.agreement : this.codePairWeight(a, b)
  }
}
