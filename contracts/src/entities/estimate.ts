/**
 * Probability estimation results (DECISIONS.md "Probability estimation"): what a SubmitProbabilityEstimation
 * envelope produces. `EstimationDocument` is the downloadable JSON (the engine's EstimationResult plus where it
 * came from); `Estimate` is how the results service lists it.
 */
import { Type, type Static } from '@sinclair/typebox'

const Nullable = <T extends ReturnType<typeof Type.Number>>(t: T) => Type.Union([t, Type.Null()])
const Num = () => Type.Number()

export const ComparisonSpecSchema = Type.Object({
  type: Type.String(),
  threshold: Type.Optional(Num()), prefixScale: Type.Optional(Num()), maxDistance: Type.Optional(Num()),
  toleranceDays: Type.Optional(Num()), allowDayMonthSwap: Type.Optional(Type.Boolean()), digitTypos: Type.Optional(Num()),
}, { additionalProperties: false })

export const LevelEstimateSchema = Type.Object({
  comparison: ComparisonSpecSchema,
  m: Type.Number({ description: 'Estimated P(pair falls on this level | match).' }),
  u: Type.Number({ description: 'P(pair falls on this level | non-match), as the field\'s u.' }),
  agreementWeight: Type.Number({ description: 'log2(m/u) of this level.' }),
  configured: Type.Object({ m: Num(), u: Num() }, { additionalProperties: false }),
}, { $id: 'LevelEstimate', additionalProperties: false })

export const FieldEstimateSchema = Type.Object({
  field: Type.String({ description: 'The matching field (matchProviderFieldName).' }),
  comparison: ComparisonSpecSchema,
  m: Type.Number({ description: 'Estimated P(field agrees | match).' }),
  u: Type.Number({ description: 'Estimated P(field agrees | non-match): from random pairs, or inside the strategy\'s blocks (uSource).' }),
  agreementWeight: Type.Number({ description: 'log2(m/u).' }),
  disagreementWeight: Type.Number({ description: 'log2((1-m)/(1-u)); with levels log2(m0/u0), m0 = 1 - m - sum of the levels\' m (u0 alike).' }),
  mSource: Type.Union([Type.Literal('em'), Type.Literal('configured')], { description: "'configured': no strategy's candidate pairs had the field on both sides, m kept." }),
  uSource: Type.Union([Type.Literal('sample'), Type.Literal('block'), Type.Literal('configured')], { description: "'sample': random record pairs; 'block': random pairs inside this strategy's blocks, where strangers agree on the field more often than random pairs do (a sex field in a given-name block); 'configured': no random pair had the field on both sides, u kept." }),
  uRandom: Type.Optional(Type.Number({ description: "With uSource 'block': the random-pair u it replaces in this strategy." })),
  mThisStrategy: Nullable(Num()),
  pairsObserved: Type.Integer(),
  uSampleObserved: Type.Integer(),
  uSampleAgreed: Type.Integer(),
  configured: Type.Object({ m: Num(), u: Num() }, { additionalProperties: false }),
  levels: Type.Optional(Type.Array(LevelEstimateSchema, { description: 'Only for a field with lower levels, strictest first; m and u of the field are its top level; disagreementWeight is log2(m0/u0), the rest of each row.' })),
}, { $id: 'FieldEstimate', additionalProperties: false })

export const StrategyEstimateSchema = Type.Object({
  name: Type.String(), order: Type.Integer(), deterministic: Type.Boolean(),
  candidatePairs: Type.Integer(), distinctPatterns: Type.Integer(), oversizedBlocks: Type.Integer(),
  fieldsEstimated: Type.Array(Type.String()), fieldsFixedByBlocking: Type.Array(Type.String()),
  withinBlockPairs: Type.Optional(Type.Number({ description: 'Pairs inside the strategy\'s blocks holding an incoming record, whichever its windows compare; the block sample of u draws from them.' })),
  lambda: Nullable(Num()), expectedMatches: Nullable(Num()),
  iterations: Type.Integer(), converged: Type.Boolean(), lastChange: Nullable(Num()), logLikelihood: Nullable(Num()),
  configuredThreshold: Num(), suggestedThreshold: Nullable(Num()),
  // log2 of the mean odds the fixed fields' term-frequency adjustments add over the candidate pairs (part of the
  // suggested threshold); only when the blocking fixes a field with term frequencies.
  termFrequencyOffset: Type.Optional(Num()),
  fields: Type.Array(FieldEstimateSchema),
}, { $id: 'StrategyEstimate', additionalProperties: false })

export const EstimationDocumentSchema = Type.Object({
  format: Type.Literal('ligature-probability-estimation/1'),
  envelopeName: Type.String(), projectCode: Type.String(), sender: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  method: Type.Literal('fellegi-sunter-em'),
  seed: Type.Integer(), targetPosterior: Num(),
  records: Type.Object({ total: Type.Integer(), incoming: Type.Integer() }, { additionalProperties: false }),
  uSample: Type.Object({ pairs: Type.Integer() }, { additionalProperties: false }),
  em: Type.Object({ maxIterations: Type.Integer(), tolerance: Num(), initialLambda: Num() }, { additionalProperties: false }),
  converged: Type.Boolean(), iterations: Type.Integer(),
  strategies: Type.Array(StrategyEstimateSchema),
}, { $id: 'EstimationDocument', additionalProperties: false })
export type EstimationDocument = Static<typeof EstimationDocumentSchema>

export const EstimateSchema = Type.Object({
  id: Type.Integer(),
  envelopeName: Type.String(),
  projectCode: Type.String(),
  sender: Type.String({ description: 'The data provider code.' }),
  createdAt: Type.String({ format: 'date-time' }),
  converged: Type.Boolean(),
  iterations: Type.Integer(),
  strategies: Type.Array(Type.Object({ name: Type.String(), suggestedThreshold: Nullable(Num()) }, { additionalProperties: false })),
}, { $id: 'Estimate', additionalProperties: false })
export type Estimate = Static<typeof EstimateSchema>
