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

t.test('levels: a field with levels takes every level\'s m and u from an estimate of the same levels', async (tt) => {
  const levels = [{ comparisonTypeName: 'JaroWinkler', comparisonTypeProperties: [{ name: 'threshold', value: '0.92' }], matchProbability: 0.1, nonMatchProbability: 0.01, agreementWeight: 3 },
    { comparisonTypeName: 'JaroWinkler', comparisonTypeProperties: [{ name: 'threshold', value: '0.88' }], matchProbability: 0.05, nonMatchProbability: 0.02 }]
  const levelled: MatchStrategy = { ...strategy, matchingFields: [{ matchProviderFieldName: 'givenName', comparisonTypeName: 'Exact', comparisonTypeProperties: [],
    matchProbability: 0.7, nonMatchProbability: 0.01, levels }] }
  const estimated = { ...field('givenName', 0.6, 0.004, { type: 'Exact' }), levels: [
    { comparison: { type: 'JaroWinkler', threshold: 0.92 }, m: 0.2, u: 0.002, agreementWeight: Math.log2(100), configured: { m: 0.1, u: 0.01 } },
    { comparison: { type: 'JaroWinkler', threshold: 0.88 }, m: 0.08, u: 0.003, agreementWeight: Math.log2(0.08 / 0.003), configured: { m: 0.05, u: 0.02 } }] }
  const applied = applyEstimate(levelled, doc([strategyEstimate('Names', null, [estimated])]))
  tt.same(applied.fieldsUpdated, ['givenName'])
  const f = applied.strategy.matchingFields[0]!
  tt.same([f.matchProbability, f.nonMatchProbability], [0.6, 0.004])
  tt.same(f.levels!.map((l) => [l.matchProbability, l.nonMatchProbability, l.agreementWeight]), [[0.2, 0.002, null], [0.08, 0.003, null]])
  tt.same(f.levels![0]!.comparisonTypeProperties, levels[0]!.comparisonTypeProperties, 'the levels\' comparisons are kept')
  const twoLevel = applyEstimate(levelled, doc([strategyEstimate('Names', null, [field('givenName', 0.6, 0.004, { type: 'Exact' })])]))
  tt.same(twoLevel.fieldsUpdated, [], 'an estimate without the levels is another comparison')
})
