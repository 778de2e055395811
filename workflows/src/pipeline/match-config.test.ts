import t from 'tap'
import { strategiesFromMatchConfig } from './match-config.js'

const strategy = (matchingFields: unknown[]) => ({ id: 1, name: 'S', order: 1, threshold: 10, isActive: true, blockingFields: [{ matchProviderFieldName: 'surname' }],
  matchingFields, lastModified: '2026-01-01T00:00:00Z', version: 'AA' }) as never

t.test('a field without levels or term frequencies maps as before (no levels, no termFrequency keys)', async (tt) => {
  const [s] = strategiesFromMatchConfig({ weightCurves: [], strategies: [strategy([{ matchProviderFieldName: 'givenName', comparisonTypeName: 'JaroWinkler',
    comparisonTypeProperties: [{ name: 'threshold', value: '0.9' }], matchProbability: 0.85, nonMatchProbability: 0.005 }])] })
  tt.same(s!.matchingFields[0], { field: 'givenName', comparison: { type: 'JaroWinkler', threshold: 0.9 }, m: 0.85, u: 0.005 })
  tt.notOk('levels' in s!.matchingFields[0]!)
})

t.test('levels and term frequencies map onto the engine', async (tt) => {
  const [s] = strategiesFromMatchConfig({ weightCurves: [], strategies: [strategy([{ matchProviderFieldName: 'dateOfBirth', comparisonTypeName: 'Date',
    matchProbability: 0.85, nonMatchProbability: 0.0003, termFrequencyAdjustment: true, levels: [
      { comparisonTypeName: 'Date', comparisonTypeProperties: [{ name: 'allowDayMonthSwap', value: 'true' }, { name: 'digitTypos', value: '1' }], matchProbability: 0.08, nonMatchProbability: 0.001 },
      { comparisonTypeName: 'Date', comparisonTypeProperties: [{ name: 'toleranceDays', value: '1826' }], matchProbability: 0.04, nonMatchProbability: 0.05, agreementWeight: -1 }] }])] })
  tt.same(s!.matchingFields[0], { field: 'dateOfBirth', comparison: { type: 'Date' }, m: 0.85, u: 0.0003, termFrequency: true, levels: [
    { comparison: { type: 'Date', allowDayMonthSwap: true, digitTypos: 1 }, m: 0.08, u: 0.001 },
    { comparison: { type: 'Date', toleranceDays: 1826 }, m: 0.04, u: 0.05, agreementWeight: -1 }] })
})
