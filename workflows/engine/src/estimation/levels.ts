/**
 * The comparison level of a matching field for a pair, in the engine's own terms: the field's comparator and
 * gate decide agreement exactly as scoring does (compile-field.ts), so the m and u estimated here are the
 * probabilities the scorer's agreement and disagreement weights stand for.
 *   −1 missing: a value is absent (or, for dates, unparseable) on either side: scoring gives 0;
 *    0 disagree: the similarity is below the gate: scoring gives the disagreement weight;
 *    1 agree: at or above the gate: scoring gives the agreement weight, or with a weight curve a share of
 *      the range between the two weights (the curve grades within "agree"; it is not a separate level).
 * The field is compiled with the weights +1/−1 and no curve, so its weight *is* its level.
 */
import type { RecordTable } from '../columnar/record-table.js'
import { compileField } from '../scoring/compile-field.js'
import type { FieldScorer } from '../scoring/field-scorer.js'
import type { MatchingFieldSpec } from '../types.js'

/** Levels a matching field has today: disagree and agree. */
export const FIELD_LEVELS = 2

export class FieldLevels {
  readonly levels = FIELD_LEVELS
  private readonly scorer: FieldScorer

  constructor(readonly spec: MatchingFieldSpec, table: RecordTable) {
    const { curve: _curve, ...rest } = spec
    this.scorer = compileField({ ...rest, agreementWeight: 1, disagreementWeight: -1 }, table)
  }

  level(i: number, j: number): number {
    const w = this.scorer.weightFor(i, j)
    return w > 0 ? 1 : w < 0 ? 0 : -1
  }
}

/** A stable key for "the same comparison of the same field" (strategies may share a field's comparison). */
export function comparisonKey(spec: MatchingFieldSpec): string {
  const c = spec.comparison
  const properties = Object.keys(c).sort().map(k => `${k}=${String((c as unknown as Record<string, unknown>)[k])}`)
  return `${spec.field}|${properties.join(',')}`
}
