import { estimateParameters, type EstimationResult, type RecordTable, type StrategySpec } from '@ligature/engine'
import { DERIVED_LINKAGE_FIELDS } from '@ligature/contracts/defaults'

/**
 * The engine-level twin of the apply call (services/results/src/estimates/apply-estimate.ts): every matching
 * field takes the estimate's m and u for its strategy, explicit weights are dropped, the threshold becomes the
 * suggested one (rounded to two decimals, as the call does). Never looks at ground truth.
 */
export function withEstimates(strategies: readonly StrategySpec[], result: EstimationResult): StrategySpec[] {
  return strategies.map((s) => {
    const estimate = result.strategies.find((e) => e.name === s.name)
    if (!estimate) return s
    return {
      ...s,
      threshold: estimate.suggestedThreshold === null ? s.threshold : Math.round(estimate.suggestedThreshold * 100) / 100,
      matchingFields: s.matchingFields.map((f, i) => {
        const e = estimate.fields[i]!
        const { agreementWeight: _a, disagreementWeight: _d, ...rest } = f
        // Lower levels take theirs too, as the apply call does: the configured ones with the estimated top level
        // could add up to more than 1.
        return { ...rest, m: e.m, u: e.u, ...(f.levels && e.levels ? { levels: f.levels.map((l, k) => ({ ...l, m: e.levels![k]!.m, u: e.levels![k]!.u })) } : {}) }
      }),
    }
  })
}

export function estimateFor(table: RecordTable, strategies: readonly StrategySpec[]): { strategies: StrategySpec[]; result: EstimationResult } {
  const result = estimateParameters(table, strategies, { seed: 1, derivedFrom: DERIVED_LINKAGE_FIELDS })
  return { strategies: withEstimates(strategies, result), result }
}
