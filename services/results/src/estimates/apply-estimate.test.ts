import t from 'tap'
import type { EstimationDocument, MatchStrategy } from '@ligature/contracts'
import { applyEstimate } from './apply-estimate.js'

const field = (name: string, m: number, u: number, comparison: FieldEstimateComparison) => ({
  field: name, comparison, m, u, agreementWeight: Math.log2(m / u), disagreementWeight: Math.log2((1 - m) / (1 - u)),
  mSource: 'em' as const, uSource: 'sample' as const, mThisStrategy: m, pairsObserved: 10, uSampleObserved: 100, uSampleAgreed: 1, configured: { m: 0.9, u: 0.01 },
})
type FieldEstimateComparison = EstimationDocument['strategies'][number]['fields'][number]['comparison']
const strategyEstimate = (name: string, threshold: number | null, fields: ReturnType<typeof field>[]) => ({
  name, order: 1, deterministic: false, candidatePairs: 10, distinctPatterns: 3, oversizedBlocks: 0, fieldsEstimated: [], fieldsFixedByBlocking: [],
  lambda: 0.5, expectedMatches: 5, iterations: 4, converged: true, lastChange: 0, logLikelihood: -1, configuredThreshold: 14, suggestedThreshold: threshold, fields,
})
const doc = (strategies: ReturnType<typeof strategyEstimate>[]): EstimationDocument => ({
  format: 'ligature-probability-estimation/1', envelopeName: 'e', projectCode: 'P', sender: 'S', createdAt: new Date(0).toISOString(),
  method: 'fellegi-sunter-em', seed: 1, targetPosterior: 0.5, records: { total: 10, incoming: 10 }, uSample: { pairs: 100 },
  em: { maxIterations: 100, tolerance: 1e-6, initialLambda: 0.1 }, converged: true, iterations: 4, strategies,
})
const strategy: MatchStrategy = {
  id: 7, name: 'Names', order: 1, threshold: 14, isActive: true, blockingFields: [{ matchProviderFieldName: 'surnameSoundex', matchEmpty: false }],
  matchingFields: [
    { matchProviderFieldName: 'surname', comparisonTypeName: 'JaroWinkler', comparisonTypeProperties: [{ name: 'threshold', value: '0.9' }], matchProbability: 0.85, nonMatchProbability: 0.003, agreementWeight: 5, disagreementWeight: -2 },
    { matchProviderFieldName: 'sex', comparisonTypeName: 'Exact', comparisonTypeProperties: [], matchProbability: 0.97, nonMatchProbability: 0.5 },
    { matchProviderFieldName: 'postcode', comparisonTypeName: 'Levenshtein', comparisonTypeProperties: [{ name: 'maxDistance', value: '2' }], matchProbability: 0.8, nonMatchProbability: 0.02, weightCurveCode: 'POSTCODE' },
  ],
}

t.test('m and u by field and comparison; overrides cleared; threshold from the same-named strategy', async (tt) => {
  const applied = applyEstimate(strategy, doc([
    strategyEstimate('Other', 3, [field('sex', 0.96, 0.49, { type: 'Exact' })]),
    strategyEstimate('Names', 12.345, [field('surname', 0.91, 0.004, { type: 'JaroWinkler', threshold: 0.9 }),
      field('postcode', 0.7, 0.03, { type: 'Levenshtein', maxDistance: 1 })]),
  ]))
  tt.same(applied.fieldsUpdated, ['surname', 'sex'])
  tt.equal(applied.strategy.threshold, 12.35)
  const [surname, sex, postcode] = applied.strategy.matchingFields
  tt.same([surname!.matchProbability, surname!.nonMatchProbability, surname!.agreementWeight, surname!.disagreementWeight], [0.91, 0.004, null, null])
  tt.same([sex!.matchProbability, sex!.nonMatchProbability], [0.96, 0.49], 'from another strategy: same comparison, same m/u')
  tt.same(postcode, strategy.matchingFields[2], 'another maxDistance is another comparison: unchanged')
})

t.test('no strategy of that name: fields still map, threshold stays', async (tt) => {
  const applied = applyEstimate(strategy, doc([strategyEstimate('Other', 3, [field('sex', 0.96, 0.49, { type: 'Exact' })])]))
  tt.equal(applied.strategy.threshold, 14); tt.notOk(applied.thresholdUpdated); tt.same(applied.fieldsUpdated, ['sex'])
})
