import type { MatchConfig } from '@ligature/contracts'
import { DEFAULT_NEIGHBOURHOOD, type ComparisonSpec, type ComparisonTypeName, type NeighbourhoodRule, type StrategySpec } from '@ligature/engine'

const NUMERIC = new Set(['threshold', 'prefixScale', 'maxDistance', 'toleranceDays', 'digitTypos'])

function comparisonOf(typeName: string, properties: readonly { name: string; value: string }[] | undefined): ComparisonSpec {
  const comparison: ComparisonSpec = { type: typeName as ComparisonTypeName }
  for (const p of properties ?? []) {
    if (NUMERIC.has(p.name)) (comparison as unknown as Record<string, number>)[p.name] = Number(p.value)
    else if (p.name === 'allowDayMonthSwap') comparison.allowDayMonthSwap = /^true$/i.test(p.value)
  }
  return comparison
}

/**
 * The API's match configuration as the engine reads it: field names are record columns, curves resolved, and the
 * installation's rule for large blocks (LIGATURE_BLOCK_CAP, LIGATURE_BLOCK_WINDOW) written into each strategy, so
 * every partition of a linkage, on whatever worker, compares large blocks alike.
 */
export function strategiesFromMatchConfig(config: Pick<MatchConfig, 'strategies' | 'weightCurves'>,
  neighbourhood: NeighbourhoodRule = DEFAULT_NEIGHBOURHOOD): StrategySpec[] {
  const curves = new Map(config.weightCurves.map((c) => [c.code, c.points]))
  return config.strategies.map((s) => ({
    name: s.name, order: s.order, isActive: s.isActive, threshold: s.threshold, neighbourhood: { ...neighbourhood },
    blockingFields: s.blockingFields.map((b) => ({ field: b.matchProviderFieldName, matchEmpty: b.matchEmpty ?? false })),
    matchingFields: s.matchingFields.map((f) => {
      const curve = f.weightCurveCode ? curves.get(f.weightCurveCode) : undefined
      return {
        field: f.matchProviderFieldName, comparison: comparisonOf(f.comparisonTypeName, f.comparisonTypeProperties),
        m: f.matchProbability, u: f.nonMatchProbability,
        ...(typeof f.agreementWeight === 'number' ? { agreementWeight: f.agreementWeight } : {}),
        ...(typeof f.disagreementWeight === 'number' ? { disagreementWeight: f.disagreementWeight } : {}),
        ...(curve ? { curve } : {}),
        // Levels and term frequencies (issue 16): only when configured, so other fields compile as before.
        ...(f.levels?.length ? { levels: f.levels.map((l) => ({
          comparison: comparisonOf(l.comparisonTypeName, l.comparisonTypeProperties), m: l.matchProbability, u: l.nonMatchProbability,
          ...(typeof l.agreementWeight === 'number' ? { agreementWeight: l.agreementWeight } : {}),
        })) } : {}),
        ...(f.termFrequencyAdjustment ? { termFrequency: true } : {}),
      }
    }),
  }))
}

/** Every record column a set of strategies reads (blocking and matching), each once. */
export function fieldsUsed(strategies: readonly StrategySpec[]): string[] {
  const fields = new Set<string>()
  for (const s of strategies.filter((s) => s.isActive)) {
    for (const b of s.blockingFields) fields.add(b.field)
    for (const m of s.matchingFields) fields.add(m.field)
  }
  return [...fields]
}

/** The blocking fields of the active strategies, sorted: what decides which partition a pair falls in. */
export function blockingFieldsUsed(strategies: readonly StrategySpec[]): string[] {
  return [...new Set(strategies.filter((s) => s.isActive).flatMap((s) => s.blockingFields.map((b) => b.field)))].sort()
}
