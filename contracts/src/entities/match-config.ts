import { Type, type Static } from '@sinclair/typebox'
import { Audit, Nullable, PropertySchema, Str } from '../common.js'

const Probability = Type.Number({ exclusiveMinimum: 0, exclusiveMaximum: 1 })

export const BlockingFieldSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    matchProviderFieldName: Str(1, 50),
    matchEmpty: Type.Optional(Type.Boolean({ default: false, description: 'Whether empty or missing values form blocks.' })),
  },
  { $id: 'BlockingField', additionalProperties: false },
)

/**
 * A lower agreement level of a matching field (beyond the spec; DECISIONS.md "Comparison levels and term
 * frequencies"): its own comparison (the level's gate, in the comparison-type model) and its own m and u.
 */
export const MatchingLevelSchema = Type.Object(
  {
    comparisonTypeName: Str(1, 50),
    comparisonTypeProperties: Type.Optional(Type.Array(PropertySchema)),
    matchProbability: Probability,
    nonMatchProbability: Probability,
    agreementWeight: Type.Optional(Nullable(Type.Number())),
  },
  { $id: 'MatchingLevel', additionalProperties: false },
)

export const MatchingFieldSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    matchProviderFieldName: Str(1, 50),
    comparisonTypeName: Str(1, 50),
    comparisonTypeProperties: Type.Optional(Type.Array(PropertySchema)),
    matchProbability: Probability,
    nonMatchProbability: Probability,
    agreementWeight: Type.Optional(Nullable(Type.Number())),
    disagreementWeight: Type.Optional(Nullable(Type.Number())),
    weightCurveCode: Type.Optional(Nullable(Str(0, 20))),
    levels: Type.Optional(Type.Array(MatchingLevelSchema, { maxItems: 8, description:
      'Beyond the spec: lower agreement levels, strictest first. The field\'s own comparison, matchProbability and nonMatchProbability are the top level; a pair that fails it takes the first level whose comparison agrees, else disagrees (m and u of disagreement: 1 minus the levels\' sums). A field with levels takes no weight curve.' })),
    termFrequencyAdjustment: Type.Optional(Type.Boolean({ description:
      'Beyond the spec: identical values add log2(u / tf(value)) to the agreement weight, tf the share of the project\'s records (existing and incoming) holding the value, so agreeing on a rare value weighs more than on a common one.' })),
  },
  { $id: 'MatchingField', additionalProperties: false },
)

const strategyFields = {
  name: Str(1, 30),
  order: Type.Integer({ minimum: 0 }),
  threshold: Type.Number(),
  isActive: Type.Boolean(),
  blockingFields: Type.Array(BlockingFieldSchema),
  matchingFields: Type.Array(MatchingFieldSchema),
}
export const MatchStrategySchema = Type.Object(
  { id: Type.Integer(), ...strategyFields, ...Audit },
  { $id: 'MatchStrategy', additionalProperties: false },
)
export const MatchStrategyInputSchema = Type.Object(
  { id: Type.Optional(Type.Integer()), ...strategyFields, ...Audit },
  { $id: 'MatchStrategyInput', additionalProperties: false },
)

export const WeightCurvePointSchema = Type.Object(
  {
    distance: Type.Number({ minimum: 0, maximum: 1, description: '0 = full disagreement, 1 = full agreement.' }),
    weightProportion: Type.Number({ minimum: 0, maximum: 1 }),
  },
  { $id: 'WeightCurvePoint', additionalProperties: false },
)
const curveFields = {
  code: Str(1, 20),
  name: Str(1, 100),
  decimalScale: Type.Integer({ minimum: 0, maximum: 10 }),
  points: Type.Array(WeightCurvePointSchema, { minItems: 2 }),
}
export const WeightCurveSchema = Type.Object(
  { weightCurveId: Type.Integer(), ...curveFields, ...Audit },
  { $id: 'WeightCurve', additionalProperties: false },
)
export const WeightCurveInputSchema = Type.Object(
  { weightCurveId: Type.Optional(Type.Integer()), ...curveFields, ...Audit },
  { $id: 'WeightCurveInput', additionalProperties: false },
)

export const MatchConfigSchema = Type.Object(
  {
    projectId: Type.Integer(),
    matchProvider: Type.String(),
    logType: Type.Integer({ minimum: 0, maximum: 2 }),
    strategies: Type.Array(MatchStrategySchema),
    weightCurves: Type.Array(WeightCurveSchema),
  },
  { $id: 'MatchConfig', additionalProperties: false },
)

export const MatchProviderSchema = Type.Object(
  { name: Type.String(), description: Type.String(), isDefault: Type.Optional(Type.Boolean()) },
  { $id: 'MatchProvider', additionalProperties: false },
)
export const MatchProviderFieldSchema = Type.Object(
  {
    name: Type.String(),
    displayName: Type.String(),
    linkageFieldName: Type.String(),
    availableComparisons: Type.Array(Type.String()),
  },
  { $id: 'MatchProviderField', additionalProperties: false },
)
export const FieldComparisonTypeSchema = Type.Object(
  {
    name: Type.String(),
    displayName: Type.String(),
    helpText: Type.String(),
    properties: Type.Array(Type.String()),
  },
  { $id: 'FieldComparisonType', additionalProperties: false },
)

export type BlockingField = Static<typeof BlockingFieldSchema>
export type MatchingField = Static<typeof MatchingFieldSchema>
export type MatchingLevel = Static<typeof MatchingLevelSchema>
export type MatchStrategy = Static<typeof MatchStrategySchema>
export type MatchStrategyInput = Static<typeof MatchStrategyInputSchema>
export type WeightCurve = Static<typeof WeightCurveSchema>
export type WeightCurveInput = Static<typeof WeightCurveInputSchema>
export type MatchConfig = Static<typeof MatchConfigSchema>
