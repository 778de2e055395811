/**
 * Scores candidate pairs of one strategy: a pair's score is the sum of its matching fields' weights
 * (Fellegi–Sunter, log2). A strategy without matching fields is deterministic: every blocked pair scores
 * DETERMINISTIC_SCORE (+Infinity, so it sorts before every probabilistic pair; serialise it explicitly,
 * JSON turns Infinity into null).
 */
import type { RecordTable } from '../columnar/record-table.js'
import type { StrategySpec } from '../types.js'
import { compileField } from './compile-field.js'
import type { FieldScorer } from './field-scorer.js'

export const DETERMINISTIC_SCORE = Number.POSITIVE_INFINITY

export interface FieldWeightExplanation { field: string; weight: number }

export class StrategyScorer {
  readonly fields: readonly FieldScorer[]
  readonly deterministic: boolean

  /**
   * `compiled` (field spec as JSON → scorer on this table) lets strategies that compare the same fields alike
   * share one compiled field: its term-frequency counts and its memo of weights per pair of distinct values.
   */
  constructor(readonly strategy: StrategySpec, table: RecordTable, compiled: Map<string, FieldScorer> | null = null) {
    this.fields = strategy.matchingFields.map(f => {
      if (!compiled) return compileField(f, table)
      const key = JSON.stringify(f)
      let field = compiled.get(key)
      if (!field) { field = compileField(f, table); compiled.set(key, field) }
      return field
    })
    this.deterministic = this.fields.length === 0
  }

  /** out[k] = score of (left[k], right[k]) for k < n. */
  score(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void {
    if (this.deterministic) { out.fill(DETERMINISTIC_SCORE, 0, n); return }
    out.fill(0, 0, n)
    for (const field of this.fields) field.accumulate(left, right, n, out)
  }

  /** Per-field weights of one pair: what a Detailed log stores so any link can be explained. */
  explain(i: number, j: number): FieldWeightExplanation[] {
    return this.fields.map(f => ({ field: f.field, weight: f.weightFor(i, j) }))
  }
}

/**
 * Keeps the pairs scoring at or above `threshold` (the spec discards scores below it), compacting the
 * arrays in place; returns how many remain.
 */
export function keepAboveThreshold(left: Int32Array, right: Int32Array, scores: Float64Array, n: number,
  threshold: number): number {
  let kept = 0
  for (let k = 0; k < n; k++) {
    const s = scores[k]!
    if (s >= threshold) {
      left[kept] = left[k]!; right[kept] = right[k]!; scores[kept] = s
      kept++
    }
  }
  return kept
}
