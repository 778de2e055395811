/**
 * How an estimate is written into a match strategy (DECISIONS.md "Probability estimation"; the same mapping a
 * user follows when pasting by hand into PUT /projects/{id}/matchconfig/strategies/{id}):
 * - each matching field takes `matchProbability` = m and `nonMatchProbability` = u of the estimate's field with
 *   the same `matchProviderFieldName`, comparison type and comparison properties (taken from the estimate's
 *   strategy of the same name when there is one, else from any strategy that compares the field that way: a
 *   comparison's m and u are the same in every strategy of one estimate); `agreementWeight` and
 *   `disagreementWeight` are cleared so the weights follow from m and u; the weight curve stays;
 * - a field with levels (beyond the spec) matches only an estimate of the same levels (their comparison types and
 *   properties, in order), and each level takes its estimated m and u (its `agreementWeight` cleared too);
 * - fields the estimate does not cover are left as they are;
 * - the threshold becomes the suggested threshold of the estimate's strategy of the same name, rounded to two
 *   decimals, when there is one.
 */
import type { EstimationDocument, MatchStrategy } from '@ligature/contracts'

type FieldEstimate = EstimationDocument['strategies'][number]['fields'][number]
type MatchingField = MatchStrategy['matchingFields'][number]

const NUMERIC = new Set(['threshold', 'prefixScale', 'maxDistance', 'toleranceDays', 'digitTypos'])

function propsOf(typeName: string, properties: { name: string; value: string }[] | undefined): Record<string, unknown> {
  const props: Record<string, unknown> = { type: typeName }
  for (const p of properties ?? []) props[p.name] = NUMERIC.has(p.name) ? Number(p.value) : /^true$/i.test(p.value)
  return props
}
/** The comparison (and its levels' comparisons) as a canonical string: type plus properties, numbers as numbers. */
function fromApi(f: MatchingField): string {
  return canonical(f.matchProviderFieldName, propsOf(f.comparisonTypeName, f.comparisonTypeProperties),
    (f.levels ?? []).map((l) => propsOf(l.comparisonTypeName, l.comparisonTypeProperties)))
}
const fromEstimate = (f: FieldEstimate) => canonical(f.field, f.comparison,
  (f.levels ?? []).map((l) => l.comparison as Record<string, unknown>))
const props = (p: Record<string, unknown>) => Object.keys(p).sort().map((k) => `${k}=${String(p[k])}`).join(',')
const canonical = (field: string, top: Record<string, unknown>, levels: Record<string, unknown>[]) =>
  `${field}|${props(top)}${levels.map((l) => `|${props(l)}`).join('')}`

export interface Applied { strategy: MatchStrategy; fieldsUpdated: string[]; thresholdUpdated: boolean }

export function applyEstimate(strategy: MatchStrategy, doc: EstimationDocument): Applied {
  const same = doc.strategies.find((s) => s.name === strategy.name)
  const byComparison = new Map<string, FieldEstimate>()
  for (const s of [...doc.strategies].reverse()) for (const f of s.fields) byComparison.set(fromEstimate(f), f)
  if (same) for (const f of same.fields) byComparison.set(fromEstimate(f), f)
  const fieldsUpdated: string[] = []
  const matchingFields = strategy.matchingFields.map((f) => {
    const e = byComparison.get(fromApi(f))
    if (!e) return f
    fieldsUpdated.push(f.matchProviderFieldName)
    return { ...f, matchProbability: e.m, nonMatchProbability: e.u, agreementWeight: null, disagreementWeight: null,
      ...(f.levels?.length && e.levels ? { levels: f.levels.map((l, k) => ({ ...l, matchProbability: e.levels![k]!.m, nonMatchProbability: e.levels![k]!.u, agreementWeight: null })) } : {}) }
  })
  const suggested = same?.suggestedThreshold ?? null
  return {
    strategy: { ...strategy, matchingFields, ...(suggested !== null ? { threshold: Math.round(suggested * 100) / 100 } : {}) },
    fieldsUpdated, thresholdUpdated: suggested !== null,
  }
}
