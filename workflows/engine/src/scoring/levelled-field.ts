/**
 * Multi-level comparisons and term-frequency adjustment (issue 16; Splink's comparison levels, fastLink's
 * agree/partial/disagree). A levelled field is a ladder of comparisons: level 1 is the field's own comparison
 * (its m and u, its weight curve if any), levels 2… are its `levels`, strictest first; a pair takes the first
 * level whose comparison agrees, else level 0 (disagree). Missing on either side: no weight.
 *   weight(level l ≥ 2) = log2(m_l / u_l);  weight(0) = log2(m₀ / u₀), m₀ = 1 − m − Σ m_l, u₀ = 1 − u − Σ u_l
 * With no levels this is the two-level model, so the weights equal `fieldWeights` (weights.ts).
 * Term frequencies (Splink's TF adjustment on the exact level): identical values add log2(u / tf(v)) to the top
 * weight, tf(v) = records with v / records with a value, counted over the table (incoming and existing records).
 */
import type { Column } from '../columnar/column.js'
import type { TermCounts } from '../columnar/record-table.js'
import type { MatchingFieldSpec } from '../types.js'
import { agreementWeight } from '../weights/weights.js'
import type { FieldScorer } from './field-scorer.js'
import { PairMemo } from './pair-memo.js'
import type { DateLadder } from './date-ladder.js'

export const MISSING = -1

/** The level of a pair from one agreement test per level (each compiled with weights +1/−1, no curve). */
export class LevelTests {
  constructor(readonly tests: readonly FieldScorer[]) {
    if (tests.length === 0) throw new Error('a levelled field needs at least one comparison')
  }

  /** Number of levels including disagreement. */
  get count(): number { return this.tests.length + 1 }

  /** −1 missing, 0 disagree, k ≥ 1 the first test that agrees. The top test decides missingness. */
  level(i: number, j: number): number {
    const tests = this.tests
    for (let k = 0; k < tests.length; k++) {
      const w = tests[k]!.weightFor(i, j)
      if (w > 0) return k + 1
      if (k === 0 && w === 0) return MISSING
    }
    return 0
  }
}

/**
 * Weights per level, index = level: [disagreement, top, lower levels…]. Explicit agreement/disagreement
 * weights override as in the two-level model; probabilities that are needed must lie in (0, 1), and the
 * disagreement level must keep a positive probability.
 */
export function levelWeights(spec: MatchingFieldSpec): number[] {
  const levels = spec.levels ?? []
  const check = (label: string, p: number) => {
    if (!(p > 0 && p < 1)) throw new Error(`${label} must lie strictly between 0 and 1 (got ${p})`)
  }
  const top = spec.agreementWeight ?? (check('m', spec.m), check('u', spec.u), agreementWeight(spec.m, spec.u))
  const lower = levels.map((l, k) => l.agreementWeight ?? (check(`level ${k + 2} m`, l.m), check(`level ${k + 2} u`, l.u), agreementWeight(l.m, l.u)))
  let disagreement = spec.disagreementWeight
  if (disagreement == null) {
    check('m', spec.m); check('u', spec.u)
    const m0 = 1 - spec.m - levels.reduce((s, l) => s + l.m, 0)
    const u0 = 1 - spec.u - levels.reduce((s, l) => s + l.u, 0)
    if (!(m0 > 0) || !(u0 > 0)) throw new Error(`the levels' m and u must each add up to less than 1 (m ${1 - m0}, u ${1 - u0})`)
    disagreement = Math.log2(m0 / u0)
  }
  const all = [disagreement, top, ...lower]
  if (!all.every(Number.isFinite)) throw new Error('field weights must be finite')
  return all
}

/**
 * How many values' worth of belief the field's u carries as the frequency of any one value. A value's frequency
 * is estimated as (count + TF_PRIOR_VALUES·u) / (values + TF_PRIOR_VALUES): in a project of millions it is the
 * observed share, while in a project of a few records (where "half the records are whitlock" says nothing about
 * the population) it stays near u, so the adjustment stays near 0 instead of wiping out the agreement weight.
 */
export const TF_PRIOR_VALUES = 1000

/**
 * Per code, log2(u / tf(code)), tf the shrunk frequency above (`prior` 0: the raw share). Codes no record holds
 * get 0. The more common a value, the less agreeing on it is worth. Counted over the column's records, or
 * taken from `external` (the whole project's counts when the table holds only part of it).
 */
export function termFrequencyAdjustments(column: Column, u: number, prior = TF_PRIOR_VALUES, external: TermCounts | null = null): Float64Array {
  const counts = new Float64Array(column.values.length)
  let present = 0
  if (external) {
    for (let c = 1; c < counts.length; c++) counts[c] = external.byValue.get(column.values[c]!) ?? 0
    present = external.present
  } else for (const c of column.codes) if (c !== 0) { counts[c]!++; present++ }
  const out = new Float64Array(counts.length)
  for (let c = 1; c < counts.length; c++) {
    if (counts[c]! > 0) out[c] = Math.log2(u / ((counts[c]! + prior * u) / (present + prior)))
  }
  return out
}

/** How a LevelledField skips work on pairs of distinct values. */
export interface LevelledFieldOptions {
  /**
   * false: compute every level afresh. For comparisons cheaper than a memo probe (dates: a few array reads),
   * whose distinct-value pairs rarely repeat, the memo only adds a cache miss per pair.
   */
  memoise?: boolean
  /**
   * A cheap test on two distinct codes (a < b) proving that no level agrees: such pairs take the disagreement
   * weight without the memo or the comparisons. Most candidate pairs in a block are such non-matches.
   */
  surelyDisagrees?: ((a: number, b: number) => boolean) | null
  /** A ladder of Date comparisons only: the level of two distinct codes, read in one call (date-ladder.ts). */
  dateLadder?: DateLadder | null
}

/**
 * Scores a levelled and/or term-frequency-adjusted field. `top` is the field's own comparison compiled with the
 * top and disagreement weights (and its curve), so level 1 weighs exactly what a two-level field would;
 * `weights[l]` gives the other levels. Weights of distinct-value pairs are memoised.
 */
export class LevelledField implements FieldScorer {
  private readonly memo: PairMemo | null
  private readonly surelyDisagrees: ((a: number, b: number) => boolean) | null
  private readonly dateLadder: DateLadder | null

  constructor(readonly field: string, private readonly codes: Int32Array, private readonly tests: LevelTests,
    private readonly top: FieldScorer, private readonly weights: readonly number[],
    private readonly tf: Float64Array | null, options: LevelledFieldOptions = {}) {
    this.memo = options.memoise === false ? null : new PairMemo()
    this.surelyDisagrees = options.surelyDisagrees ?? null
    this.dateLadder = options.dateLadder ?? null
  }

  weightFor(i: number, j: number): number {
    let a = this.codes[i]!, b = this.codes[j]!
    if (a === 0 || b === 0) return 0
    if (a === b) return this.sameValueWeight(i, j, a)
    if (a > b) { const t = a; a = b; b = t }
    if (this.surelyDisagrees !== null && this.surelyDisagrees(a, b)) return this.weights[0]!
    const memo = this.memo
    if (memo === null) return this.levelWeight(i, j)
    const slot = memo.find(a, b)
    if (slot >= 0) return memo.valueAt(slot)
    const w = this.levelWeight(i, j)
    memo.store(slot, a, b, w)
    return w
  }

  /** Identical values (code `a`) sit on the top level, or are missing (e.g. the same unparseable date). */
  private sameValueWeight(i: number, j: number, a: number): number {
    const w = this.top.weightFor(i, j)
    return w === 0 && this.tests.level(i, j) === MISSING ? 0 : w + (this.tf === null ? 0 : this.tf[a]!)
  }

  private levelWeight(i: number, j: number): number {
    const level = this.tests.level(i, j)
    return level === MISSING ? 0 : level === 1 ? this.top.weightFor(i, j) : this.weights[level]!
  }

  /**
   * weightFor per pair, each branch adding its own weight. Merged into one returned value, the weights read from
   * arrays were boxed on the heap per pair: this loop allocated more than any other part of matching.
   */
  accumulate(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void {
    const codes = this.codes, memo = this.memo, surelyDisagrees = this.surelyDisagrees, dateLadder = this.dateLadder, disagreement = this.weights[0]!
    for (let k = 0; k < n; k++) {
      const i = left[k]!, j = right[k]!
      let a = codes[i]!, b = codes[j]!
      if (a === 0 || b === 0) continue
      // Identical values are memoised too, under (a, a): their weight also depends on the code alone.
      if (a === b) {
        if (memo === null) { out[k]! += this.sameValueWeight(i, j, a); continue }
      } else {
        if (a > b) { const t = a; a = b; b = t }
        if (surelyDisagrees !== null && surelyDisagrees(a, b)) { out[k]! += disagreement; continue }
        if (memo === null) {
          const level = dateLadder !== null ? dateLadder.level(a, b) : this.tests.level(i, j)
          if (level === 1) out[k]! += this.top.weightFor(i, j)
          else if (level !== MISSING) out[k]! += this.weights[level]!
          continue
        }
      }
      const slot = memo.find(a, b)
      if (slot >= 0) { out[k]! += memo.valueAt(slot); continue }
      const w = a === b ? this.sameValueWeight(i, j, a) : this.levelWeight(i, j)
      memo.store(slot, a, b, w)
      out[k]! += w
    }
  }
}
