/**
 * Turns a matching-field spec into a FieldScorer bound to the table's column. Defaults when a property is
 * absent: JaroWinkler threshold 0.9 and prefix scale 0.1; Levenshtein maxDistance 1; Date tolerance 0 days,
 * no swap, no digit typos; Bloom (Dice) threshold 0.8. With a weight curve the threshold is a gate: below it the field
 * disagrees, at or above it the curve maps the similarity into [disagreement, agreement].
 */
import { jaroWinkler, DEFAULT_PREFIX_SCALE } from '../comparators/jaro-winkler.js'
import { CharacterCounts } from '../comparators/character-counts.js'
import { JaroWinklerBound } from '../comparators/jaro-winkler-bound.js'
import { LevenshteinBound } from '../comparators/levenshtein-bound.js'
import { levenshteinSimilarity } from '../comparators/levenshtein.js'
import type { Column } from '../columnar/column.js'
import type { RecordTable } from '../columnar/record-table.js'
import type { ComparisonSpec, ComparisonTypeName, MatchingFieldSpec } from '../types.js'
import { WeightCurve } from '../weights/curve.js'
import { fieldWeights } from '../weights/weights.js'
import { BloomField, DateField } from './date-bloom-fields.js'
import { ExactField, MemoStringField, SimilarityToWeight, type FieldScorer, type StringGate } from './field-scorer.js'
import { DateLadder } from './date-ladder.js'
import { LevelledField, LevelTests, levelWeights, termFrequencyAdjustments, TF_PRIOR_VALUES } from './levelled-field.js'

export const DEFAULT_JARO_WINKLER_THRESHOLD = 0.9
export const DEFAULT_LEVENSHTEIN_MAX_DISTANCE = 1
export const DEFAULT_BLOOM_THRESHOLD = 0.8

export const COMPARISON_TYPES: Readonly<Record<ComparisonTypeName, readonly string[]>> = {
  Exact: [],
  JaroWinkler: ['threshold', 'prefixScale'],
  Levenshtein: ['maxDistance'],
  Date: ['toleranceDays', 'allowDayMonthSwap', 'digitTypos'],
  Bloom: ['threshold'],
}

/** Parses the API's name/value property list into a ComparisonSpec; unknown names or bad values throw. */
export function comparisonFromProperties(type: string,
  properties: readonly { name: string; value: string }[] = []): ComparisonSpec {
  if (!(type in COMPARISON_TYPES)) throw new Error(`unknown comparison type ${type}`)
  const spec: ComparisonSpec = { type: type as ComparisonTypeName }
  for (const { name, value } of properties) {
    if (!COMPARISON_TYPES[spec.type].includes(name)) throw new Error(`${type} has no property ${name}`)
    if (name === 'allowDayMonthSwap') {
      if (value !== 'true' && value !== 'false') throw new Error('allowDayMonthSwap must be true or false')
      spec.allowDayMonthSwap = value === 'true'
      continue
    }
    const number = Number(value)
    if (value.trim() === '' || !Number.isFinite(number)) throw new Error(`${name} must be a number`)
    ;(spec as unknown as Record<string, number>)[name] = number
  }
  return spec
}

export function compileField(spec: MatchingFieldSpec, table: RecordTable): FieldScorer {
  // No levels and no term frequencies: the two-level scorers below, unchanged (backwards compatible).
  if ((spec.levels?.length ?? 0) > 0 || spec.termFrequency) return compileLevelledField(spec, table)
  return compileTwoLevelField(spec, table)
}

/** The agreement tests of a field's levels (top first): its comparisons compiled with weights +1/−1, no curve. */
export function compileLevelTests(spec: MatchingFieldSpec, table: RecordTable, memoise = true): LevelTests {
  const comparisons = [spec.comparison, ...(spec.levels ?? []).map(l => l.comparison)]
  return new LevelTests(comparisons.map(comparison =>
    compileTwoLevelField({ field: spec.field, comparison, m: 0.5, u: 0.5, agreementWeight: 1, disagreementWeight: -1 }, table, memoise)))
}

function compileLevelledField(spec: MatchingFieldSpec, table: RecordTable): FieldScorer {
  if ((spec.levels?.length ?? 0) > 0 && spec.curve) throw new Error(`field ${spec.field}: a field with levels takes no weight curve`)
  const weights = levelWeights(spec)
  // Its tests and top comparison are consulted only when the levelled field's own memo misses, so they keep none.
  const top = compileTwoLevelField({ field: spec.field, comparison: spec.comparison, m: spec.m, u: spec.u,
    agreementWeight: weights[1]!, disagreementWeight: weights[0]!, ...(spec.curve ? { curve: spec.curve } : {}) }, table, false)
  const column = table.column(spec.field)
  const tf = spec.termFrequency ? termFrequencyAdjustments(column, spec.u, TF_PRIOR_VALUES, table.termCounts(spec.field)) : null
  const comparisons = [spec.comparison, ...(spec.levels ?? []).map(l => l.comparison)]
  const dates = comparisons.every(c => c.type === 'Date')
  return new LevelledField(spec.field, column.codes, compileLevelTests(spec, table, false), top, weights, tf, {
    memoise: !dates, surelyDisagrees: ladderDisagreement(comparisons, column), dateLadder: dates ? new DateLadder(column, comparisons) : null })
}

/**
 * A code test proving every comparison of a ladder disagrees, when all are Jaro–Winkler (the bound at the
 * largest prefix scale under the lowest threshold) or all Levenshtein (the distance bound beyond the largest
 * maximum); null for other ladders.
 */
function ladderDisagreement(comparisons: readonly ComparisonSpec[], column: Column): ((a: number, b: number) => boolean) | null {
  if (comparisons.every(c => c.type === 'JaroWinkler')) {
    const scale = Math.max(...comparisons.map(c => c.prefixScale ?? DEFAULT_PREFIX_SCALE))
    const gate = Math.min(...comparisons.map(c => c.threshold ?? DEFAULT_JARO_WINKLER_THRESHOLD))
    return jaroWinklerGate(column, scale, gate).quick
  }
  if (comparisons.every(c => c.type === 'Levenshtein')) {
    return levenshteinGate(column, Math.max(...comparisons.map(c => c.maxDistance ?? DEFAULT_LEVENSHTEIN_MAX_DISTANCE))).quick
  }
  return null
}

function jaroWinklerGate(column: Column, scale: number, gate: number): StringGate {
  const bound = new JaroWinklerBound(column.values, characterCounts(column))
  return { quick: (a, b) => bound.belowWithoutPrefix(a, b, scale, gate), full: (a, b) => bound.below(a, b, scale, gate) }
}

/** The distance bound reads no string, so all of it runs before the memo and nothing is left for after a miss. */
function levenshteinGate(column: Column, max: number): StringGate {
  const bound = new LevenshteinBound(characterCounts(column))
  const beyond = (a: number, b: number) => bound.lowerBound(a, b) > max
  return { quick: beyond, full: () => false }
}

// The character counts of a column's values, built once however many comparisons of the column use them.
const countsOfColumn = new WeakMap<Column, CharacterCounts>()
function characterCounts(column: Column): CharacterCounts {
  let counts = countsOfColumn.get(column)
  if (!counts) { counts = new CharacterCounts(column.values); countsOfColumn.set(column, counts) }
  return counts
}

function compileTwoLevelField(spec: MatchingFieldSpec, table: RecordTable, memoise = true): FieldScorer {
  const column = table.column(spec.field)
  const weights = fieldWeights({ m: spec.m, u: spec.u, agreementWeight: spec.agreementWeight,
    disagreementWeight: spec.disagreementWeight })
  const curve = spec.curve ? new WeightCurve(spec.curve) : null
  const c = spec.comparison
  switch (c.type) {
    case 'Exact':
      return new ExactField(spec.field, column.codes, weights)
    case 'JaroWinkler': {
      const scale = c.prefixScale ?? DEFAULT_PREFIX_SCALE
      if (scale < 0 || scale > 0.25) throw new Error('prefixScale must lie between 0 and 0.25')
      const gate = c.threshold ?? DEFAULT_JARO_WINKLER_THRESHOLD
      return new MemoStringField(spec.field, column.codes, column.values, (a, b) => jaroWinkler(a, b, scale),
        new SimilarityToWeight(weights, gate, curve), jaroWinklerGate(column, scale, gate), memoise)
    }
    case 'Levenshtein': {
      const max = c.maxDistance ?? DEFAULT_LEVENSHTEIN_MAX_DISTANCE
      // Beyond maxDistance the similarity is 0; a strictly positive gate makes that a disagreement.
      return new MemoStringField(spec.field, column.codes, column.values, (a, b) => levenshteinSimilarity(a, b, max),
        new SimilarityToWeight(weights, Number.MIN_VALUE, curve), levenshteinGate(column, max), memoise)
    }
    case 'Date':
      return new DateField(spec.field, column, c.toleranceDays ?? 0, c.allowDayMonthSwap ?? false,
        new SimilarityToWeight(weights, Number.MIN_VALUE, curve), c.digitTypos ?? 0)
    case 'Bloom':
      return new BloomField(spec.field, column,
        new SimilarityToWeight(weights, c.threshold ?? DEFAULT_BLOOM_THRESHOLD, curve))
  }
}
