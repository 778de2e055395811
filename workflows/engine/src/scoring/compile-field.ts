/**
 * Turns a matching-field spec into a FieldScorer bound to the table's column. Defaults when a property is
 * absent: JaroWinkler threshold 0.9 and prefix scale 0.1; Levenshtein maxDistance 1; Date tolerance 0 days,
 * no swap; Bloom (Dice) threshold 0.8. With a weight curve the threshold is a gate: below it the field
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

export const DEFAULT_JARO_WINKLER_THRESHOLD = 0.9
export const DEFAULT_LEVENSHTEIN_MAX_DISTANCE = 1
export const DEFAULT_BLOOM_THRESHOLD = 0.8

export const COMPARISON_TYPES: Readonly<Record<ComparisonTypeName, readonly string[]>> = {
  Exact: [],
  JaroWinkler: ['threshold', 'prefixScale'],
  Levenshtein: ['maxDistance'],
  Date: ['toleranceDays', 'allowDayMonthSwap'],
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
        new SimilarityToWeight(weights, Number.MIN_VALUE, curve))
    case 'Bloom':
      return new BloomField(spec.field, column,
        new SimilarityToWeight(weights, c.threshold ?? DEFAULT_BLOOM_THRESHOLD, curve))
  }
}
