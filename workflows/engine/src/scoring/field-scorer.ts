/**
 * Per-field scorers. Each adds its field's weight for a run of pairs to `out` in one tight, monomorphic
 * loop over dictionary codes (column at a time), so scoring allocates nothing per pair. A fractional weight
 * returned from a call the compiler does not inline is boxed on the heap, so the loops add each branch's weight
 * themselves instead of calling weightFor. A missing value on either side contributes 0 (neither evidence for
 * nor against a match).
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
 * Cheap proofs, on two distinct codes (a < b), that a pair's similarity stays below a comparison's gate, so the
 * pair disagrees without the comparator. Most candidate pairs in a block are such non-matches.
 */
export interface StringGate {
  /** Reads only numbers per code: tried before the memo, whose probe is a likely cache miss. */
  readonly quick: (a: number, b: number) => boolean
  /** May also read the strings (a common prefix): tried after a memo miss, before the comparator. */
  readonly full: (a: number, b: number) => boolean
}

/**
 * A string comparator memoised per distinct-value pair (JaroWinkler, Levenshtein), with an optional StringGate.
 * `memoise` false: no memo of its own, for a field scored inside a LevelledField, whose memo already holds the
 * pair's final weight (a second memo only missed alongside it).
 */
export class MemoStringField implements FieldScorer {
  private readonly memo: PairMemo | null

  constructor(readonly field: string, private readonly codes: Int32Array, private readonly values: readonly string[],
    private readonly similarity: (a: string, b: string) => number, private readonly toWeight: SimilarityToWeight,
    private readonly gate: StringGate | null = null, memoise = true) {
    this.memo = memoise ? new PairMemo() : null
  }

  private codePairWeight(a: number, b: number): number {
    if (a > b) { const t = a; a = b; b = t }
    const gate = this.gate
    if (gate !== null && gate.quick(a, b)) return this.toWeight.weights.disagreement
    const memo = this.memo
    if (memo === null) return this.computed(a, b)
    const slot = memo.find(a, b)
    if (slot >= 0) return memo.valueAt(slot)
    const w = this.computed(a, b)
    memo.store(slot, a, b, w)
    return w
  }

  private computed(a: number, b: number): number {
    if (this.gate !== null && this.gate.full(a, b)) return this.toWeight.weights.disagreement
    return this.toWeight.weight(this.similarity(this.values[a]!, this.values[b]!))
  }

  /**
   * codePairWeight per pair, each branch adding its own weight: merged into one value, the weights were boxed
   * on the heap per pair (see LevelledField.accumulate).
   */
  accumulate(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void {
    const codes = this.codes, memo = this.memo, gate = this.gate
    const agree = this.toWeight.weights.agreement, disagree = this.toWeight.weights.disagreement
    for (let k = 0; k < n; k++) {
      let a = codes[left[k]!]!, b = codes[right[k]!]!
      if (a === 0 || b === 0) continue
      if (a === b) { out[k]! += agree; continue }
      if (a > b) { const t = a; a = b; b = t }
      if (gate !== null && gate.quick(a, b)) { out[k]! += disagree; continue }
      if (memo === null) { out[k]! += this.computed(a, b); continue }
      const slot = memo.find(a, b)
      if (slot >= 0) { out[k]! += memo.valueAt(slot); continue }
      const w = this.computed(a, b)
      memo.store(slot, a, b, w)
      out[k]! += w
    }
  }

  weightFor(i: number, j: number): number {
    const a = this.codes[i]!, b = this.codes[j]!
    if (a === 0 || b === 0) return 0
    return a === b ? this.toWeight.weights.agreement : this.codePairWeight(a, b)
  }
}
