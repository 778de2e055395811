/**
 * What an estimation tells the operator (pure, so the workflow can import it): the job's stats and the
 * notification's sentence. Sizes, iterations and convergence are in the stats; m/u per field in the result.
 */
import type { Estimate, EstimationDocument } from '@ligature/contracts'

export type Stat = { name: string; value: string }
const round = (x: number | null, digits = 2) => (x === null ? 'n/a' : x.toFixed(digits))

export function estimationStats(doc: EstimationDocument): Stat[] {
  return [
    { name: 'Records incoming', value: String(doc.records.incoming) },
    { name: 'Records existing', value: String(doc.records.total - doc.records.incoming) },
    { name: 'u sample pairs', value: String(doc.uSample.pairs) },
    { name: 'Seed', value: String(doc.seed) },
    { name: 'Converged', value: doc.converged ? 'Yes' : 'No' },
    { name: 'EM iterations', value: String(doc.iterations) },
    ...doc.strategies.flatMap((s) => [
      { name: `${s.name}: candidate pairs`, value: String(s.candidatePairs) },
      { name: `${s.name}: EM iterations`, value: String(s.iterations) },
      { name: `${s.name}: converged`, value: s.converged ? 'Yes' : 'No' },
      { name: `${s.name}: match share (λ)`, value: round(s.lambda, 4) },
      { name: `${s.name}: suggested threshold`, value: round(s.suggestedThreshold) },
    ]),
  ]
}

export function estimationMessage(estimate: Estimate, doc: EstimationDocument): string {
  const strategies = doc.strategies.map((s) => s.suggestedThreshold === null
    ? `${s.name}: nothing to estimate (threshold ${s.configuredThreshold} kept)`
    : `${s.name}: suggested threshold ${round(s.suggestedThreshold)} (now ${s.configuredThreshold}), EM ${s.converged ? 'converged' : 'did NOT converge'} in ${s.iterations} iterations over ${s.candidatePairs} candidate pairs`)
  const fields = doc.strategies[0]?.fields.map((f) => `${f.field} m ${f.m.toFixed(3)} u ${f.u.toPrecision(2)}`) ?? []
  return `Probability estimation complete (estimate ${estimate.id}; GET /estimates/${estimate.id}/download): ${doc.records.incoming} incoming and ` +
    `${doc.records.total - doc.records.incoming} existing records, u from ${doc.uSample.pairs} random pairs (seed ${doc.seed}). ${strategies.join('; ')}. ` +
    `Fields: ${fields.join(', ')}. Nothing was linked or kept. Apply with POST /projects/{id}/matchconfig/strategies/{strategyId}/estimates/${estimate.id}/apply.`
}
