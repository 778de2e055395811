/**
 * Turns a matching-field spec into a FieldScorer bound to the table's column. Defaults when a property is
 * absent: JaroWinkler threshold 0.9 and prefix scale 0.1; Levenshtein maxDistance 1; Date tolerance 0 days,
 * no swap, no digit typos; Bloom (Dice) threshold 0.8. With a weight curve the threshold is a gate: below it the field
 * disagrees, at or above it the curve maps the similarity into [disagreement, agreement].
 */
import { jaroWinkler, DEFAULT_PREFIX_SCALE } from '../comparators/jaro-winkler.js'
import { JaroWinklerBound } from '../comparators/jaro-winkler-bound.js'
import { levenshteinSimilarity } from '../comparators/levenshtein.js'
import type { RecordTable } from '../columnar/record-table.js'
import type { ComparisonSpec, ComparisonTypeName, MatchingFieldSpec } from '../types.js'
import { WeightCurve } from '../weights/curve.js'
import { fieldWeights } from '../weights/weights.js'
import { BloomField, DateField } from './date-bloom-fields.js'
import { ExactField, MemoStringField, SimilarityToWeight, type FieldScorer } from './field-scorer.js'
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
export function compileLevelTests(spec: MatchingFieldSpec, table: RecordTable): LevelTests {
  const comparisons = [spec.comparison, ...(spec.levels ?? []).map(l => l.comparison)]
  return new LevelTests(comparisons.map(comparison =>
    compileTwoLevelField({ field: spec.field, comparison, m: 0.5, u: 0.5, agreementWeight: 1, disagreementWeight: -1 }, table)))
}

function compileLevelledField(spec: MatchingFieldSpec, table: RecordTable): FieldScorer {
  if ((spec.levels?.length ?? 0) > 0 && spec.curve) throw new Error(`field ${spec.field}: a field with levels takes no weight curve`)
  const weights = levelWeights(spec)
  const top = compileTwoLevelField({ field: spec.field, comparison: spec.comparison, m: spec.m, u: spec.u,
    agreementWeight: weights[1]!, disagreementWeight: weights[0]!, ...(spec.curve ? { curve: spec.curve } : {}) }, table)
  const column = table.column(spec.field)
  const tf = spec.termFrequency ? termFrequencyAdjustments(column, spec.u, TF_PRIOR_VALUES, table.termCounts(spec.field)) : null
  return new LevelledField(spec.field, column.codes, compileLevelTests(spec, table), top, weights, tf)
}

function compileTwoLevelField(spec: MatchingFieldSpec, table: RecordTable): FieldScorer {
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
      const bound = new JaroWinklerBound(column.values)
      return new MemoStringField(spec.field, column.codes, column.values, (a, b) => jaroWinkler(a, b, scale),
        new SimilarityToWeight(weights, gate, curve), (a, b) => bound.upperBound(a, b, scale) < gate)
    }
    case 'Levenshtein': {
      const max = c.maxDistance ?? DEFAULT_LEVENSHTEIN_MAX_DISTANCE
      // Beyond maxDistance the similarity is 0; a strictly positive gate makes that a disagreement.
      return new MemoStringField(spec.field, column.codes, column.values, (a, b) => levenshteinSimilarity(a, b, max),
        new SimilarityToWeight(weights, Number.MIN_VALUE, curve))
    }
    case 'Date':
      return new DateField(spec.field, column, c.toleranceDays ?? 0, c.allowDayMonthSwap ?? false,
        new SimilarityToWeight(weights, Number.MIN_VALUE, curve), c.digitTypos ?? 0)
    case 'Bloom':
      return new BloomField(spec.field, column,
        new SimilarityToWeight(weights, c.threshold ?? DEFAULT_BLOOM_THRESHOLD, curve))
  }
}
