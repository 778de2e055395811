import t from 'tap'
import type { Estimate, EstimationDocument } from '@ligature/contracts'
import { estimationMessage, estimationStats } from './estimation-summary.js'

const doc = {
  format: 'ligature-probability-estimation/1', envelopeName: 'e', projectCode: 'P', sender: 'S', createdAt: '2026-01-01T00:00:00.000Z',
  method: 'fellegi-sunter-em', seed: 1, targetPosterior: 0.5, records: { total: 30, incoming: 10 }, uSample: { pairs: 435 },
  em: { maxIterations: 100, tolerance: 1e-6, initialLambda: 0.1 }, converged: false, iterations: 100,
  strategies: [
    { name: 'Names', order: 1, deterministic: false, candidatePairs: 12, distinctPatterns: 4, oversizedBlocks: 0, fieldsEstimated: ['dob'], fieldsFixedByBlocking: ['surname'],
      lambda: 0.25, expectedMatches: 3, iterations: 100, converged: false, lastChange: 0.01, logLikelihood: -5, configuredThreshold: 14, suggestedThreshold: 9.456,
      fields: [{ field: 'dob', comparison: { type: 'Exact' }, m: 0.9, u: 0.01, agreementWeight: 6.49, disagreementWeight: -3.3, mSource: 'em', uSource: 'sample',
        mThisStrategy: 0.9, pairsObserved: 12, uSampleObserved: 435, uSampleAgreed: 4, configured: { m: 0.9, u: 0.01 } }] },
    { name: 'Exact', order: 2, deterministic: true, candidatePairs: 0, distinctPatterns: 0, oversizedBlocks: 0, fieldsEstimated: [], fieldsFixedByBlocking: [],
      lambda: null, expectedMatches: null, iterations: 0, converged: true, lastChange: null, logLikelihood: null, configuredThreshold: 0, suggestedThreshold: null, fields: [] },
  ],
} satisfies EstimationDocument
const estimate: Estimate = { id: 3, envelopeName: 'e', projectCode: 'P', sender: 'S', createdAt: doc.createdAt, converged: false, iterations: 100, strategies: [] }

t.test('job stats carry sizes, seed, convergence and iterations, per strategy too', async (t) => {
  const stats = Object.fromEntries(estimationStats(doc).map((s) => [s.name, s.value]))
  t.match(stats, { 'Records incoming': '10', 'Records existing': '20', 'u sample pairs': '435', Seed: '1', Converged: 'No', 'EM iterations': '100',
    'Names: candidate pairs': '12', 'Names: converged': 'No', 'Names: match share (λ)': '0.2500', 'Names: suggested threshold': '9.46', 'Exact: suggested threshold': 'n/a' })
})

t.test('the notification names the estimate, says when EM did not converge and never quotes a record', async (t) => {
  const message = estimationMessage(estimate, doc)
  t.match(message, 'estimate 3; GET /estimates/3/download')
  t.match(message, 'Names: suggested threshold 9.46 (now 14), EM did NOT converge in 100 iterations over 12 candidate pairs')
  t.match(message, 'Exact: nothing to estimate (threshold 0 kept)')
  t.match(message, 'dob m 0.900 u 0.010')
})
