import type { MatchStrategy, MatchStrategyInput } from '@ligature/contracts'
import { encodeVersion } from '@ligature/service-kit'
import type { MatchingFieldJson, MatchingLevelJson, StrategyRow } from '../db.js'

type MatchingLevelLike = Omit<MatchingLevelJson, 'agreementWeight' | 'comparisonTypeProperties'> & {
  comparisonTypeProperties?: { name: string; value: string }[] | undefined
  agreementWeight?: number | null | undefined
}
type MatchingFieldLike = Omit<MatchingFieldJson, 'agreementWeight' | 'disagreementWeight' | 'weightCurveCode' | 'comparisonTypeProperties' | 'levels'> & {
  comparisonTypeProperties?: { name: string; value: string }[] | undefined
  agreementWeight?: number | null | undefined
  disagreementWeight?: number | null | undefined
  weightCurveCode?: string | null | undefined
  levels?: readonly MatchingLevelLike[] | undefined
  termFrequencyAdjustment?: boolean | undefined
}

const properties = (list: { name: string; value: string }[] | undefined) => (list ?? []).map(({ name, value }) => ({ name, value }))

/**
 * Stored shape of a matching field: optional parts made explicit; an empty curve code means none. Levels and
 * term frequencies (beyond the spec) are stored only when given, so fields without them read back as before.
 */
export const toMatchingFieldJson = (f: MatchingFieldLike): MatchingFieldJson => ({
  matchProviderFieldName: f.matchProviderFieldName, comparisonTypeName: f.comparisonTypeName,
  comparisonTypeProperties: properties(f.comparisonTypeProperties),
  matchProbability: f.matchProbability, nonMatchProbability: f.nonMatchProbability,
  agreementWeight: f.agreementWeight ?? null, disagreementWeight: f.disagreementWeight ?? null,
  weightCurveCode: f.weightCurveCode ? f.weightCurveCode : null,
  ...(f.levels && f.levels.length > 0 ? { levels: f.levels.map((l) => ({
    comparisonTypeName: l.comparisonTypeName, comparisonTypeProperties: properties(l.comparisonTypeProperties),
    matchProbability: l.matchProbability, nonMatchProbability: l.nonMatchProbability, agreementWeight: l.agreementWeight ?? null,
  })) } : {}),
  ...(f.termFrequencyAdjustment !== undefined ? { termFrequencyAdjustment: f.termFrequencyAdjustment } : {}),
})

export const strategyColumns = (input: MatchStrategyInput) => ({
  name: input.name, order: input.order, threshold: input.threshold, is_active: input.isActive,
  blocking_fields: JSON.stringify(input.blockingFields.map((b) => ({ matchProviderFieldName: b.matchProviderFieldName, matchEmpty: b.matchEmpty ?? false }))) as never,
  matching_fields: JSON.stringify(input.matchingFields.map(toMatchingFieldJson)) as never,
})

/** Field ids are their one-based position in the strategy: they are replaced with the strategy. */
export const toStrategy = (r: StrategyRow): MatchStrategy => ({
  id: r.id, name: r.name, order: r.order, threshold: r.threshold, isActive: r.is_active,
  blockingFields: r.blocking_fields.map((b, i) => ({ id: i + 1, ...b })),
  matchingFields: r.matching_fields.map((m, i) => ({ id: i + 1, ...m })),
  lastModified: r.last_modified.toISOString(), version: encodeVersion(r.revision),
})
