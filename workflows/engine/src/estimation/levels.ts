/**
 * The comparison level of a matching field for a pair, in the engine's own terms: the field's comparators and
 * gates decide the level exactly as scoring does (compile-field.ts, levelled-field.ts), so the m and u
 * estimated here are the probabilities the scorer's weights stand for.
 *   −1 missing: a value is absent (or, for dates, unparseable) on either side: scoring gives 0;
 *    0 disagree: no level's comparison agrees: scoring gives the disagreement weight;
 *    1 agree at the top level (the field's own comparison): the agreement weight, or with a weight curve a
 *      share of the range between the two weights (the curve grades within level 1; it is not a level);
 *    2… the field's lower `levels`, strictest first.
 * Term-frequency adjustment is not a level: EM estimates the levels' m and u without it (as Splink does).
 */
import type { RecordTable } from '../columnar/record-table.js'
import { compileLevelTests } from '../scoring/compile-field.js'
import type { LevelTests } from '../scoring/levelled-field.js'
import type { MatchingFieldSpec } from '../types.js'

/** Levels of a field without lower levels: disagree and agree. */
export const FIELD_LEVELS = 2

export class FieldLevels {
  /** Levels including disagreement: 2 + the field's lower levels. */
  readonly levels: number
  private readonly tests: LevelTests

  constructor(readonly spec: MatchingFieldSpec, table: RecordTable) {
    this.tests = compileLevelTests(spec, table)
    this.levels = this.tests.count
  }

  level(i: number, j: number): number {
    return this.tests.level(i, j)
  }
}

/** A stable key for "the same comparison of the same field" (strategies may share a field's comparison). */
export function comparisonKey(spec: MatchingFieldSpec): string {
  const properties = (c: object) => Object.keys(c).sort().map(k => `${k}=${String((c as Record<string, unknown>)[k])}`).join(',')
  const lower = (spec.levels ?? []).map(l => `|${properties(l.comparison)}`).join('')
  return `${spec.field}|${properties(spec.comparison)}${lower}`
}
