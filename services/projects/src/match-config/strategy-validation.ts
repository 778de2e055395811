import type { MatchStrategyInput } from '@ligature/contracts'
import type { FieldProblem } from '@ligature/service-kit'
import { privacyMatchProvider } from '../match-providers/catalogue.js'

/** `order` is stored as a 32-bit integer. */
const MAX_ORDER = 2147483647

/** Values a property accepts, as the engine parses them (property values travel as strings). */
const PROPERTY_RULES: Record<string, (v: string) => boolean> = {
  threshold: (v) => isNumberIn(v, 0, 1),
  prefixScale: (v) => isNumberIn(v, 0, 0.25),
  maxDistance: (v) => /^\d+$/.test(v.trim()) && Number(v) <= 100,
  toleranceDays: (v) => /^\d+$/.test(v.trim()) && Number(v) <= 3660,
  allowDayMonthSwap: (v) => v === 'true' || v === 'false',
  digitTypos: (v) => /^\d+$/.test(v.trim()) && Number(v) <= 8,
}
function isNumberIn(v: string, min: number, max: number) {
  const n = Number(v)
  return v.trim() !== '' && Number.isFinite(n) && n >= min && n <= max
}

type Catalogue = ReturnType<typeof privacyMatchProvider>
type ComparisonType = Catalogue['comparisonTypes'][number]
type MatchingFieldInput = MatchStrategyInput['matchingFields'][number]

function propertyProblems(at: string, type: ComparisonType | undefined, properties: { name: string; value: string }[] | undefined): FieldProblem[] {
  const problems: FieldProblem[] = []
  const seen = new Set<string>()
  ;(properties ?? []).forEach((p, j) => {
    const path = `${at}/comparisonTypeProperties/${j}`
    if (type && !type.properties.includes(p.name)) problems.push({ path: `${path}/name`, message: `${type.name} has no property ${p.name}` })
    else if (seen.has(p.name)) problems.push({ path: `${path}/name`, message: `${p.name} is given twice` })
    else if (type && !PROPERTY_RULES[p.name]!(p.value)) problems.push({ path: `${path}/value`, message: `${p.value} is not a valid ${p.name}` })
    seen.add(p.name)
  })
  return problems
}

/**
 * Levels (beyond the spec): each a comparison the field offers, with valid properties; no weight curve beside
 * them (levels are the curve's steps); and, unless the disagreement weight is given, the top level's and the
 * levels' m (and u) must leave the disagreement level a positive probability.
 */
function levelProblems(at: string, m: MatchingFieldInput, field: Catalogue['fields'][number] | undefined,
  comparisonTypes: Catalogue['comparisonTypes']): FieldProblem[] {
  const levels = m.levels ?? []
  if (levels.length === 0) return []
  const problems: FieldProblem[] = []
  if (m.weightCurveCode) problems.push({ path: `${at}/weightCurveCode`, message: 'a field with levels takes no weight curve' })
  levels.forEach((l, k) => {
    const path = `${at}/levels/${k}`
    const type = comparisonTypes.find((c) => c.name === l.comparisonTypeName)
    if (!type) problems.push({ path: `${path}/comparisonTypeName`, message: `unknown comparison type ${l.comparisonTypeName}` })
    else if (field && !field.availableComparisons.includes(type.name)) {
      problems.push({ path: `${path}/comparisonTypeName`, message: `${field.name} offers ${field.availableComparisons.join(', ')}` })
    }
    problems.push(...propertyProblems(path, type, l.comparisonTypeProperties))
  })
  if (m.disagreementWeight == null) {
    const mSum = m.matchProbability + levels.reduce((s, l) => s + l.matchProbability, 0)
    const uSum = m.nonMatchProbability + levels.reduce((s, l) => s + l.nonMatchProbability, 0)
    if (!(mSum < 1)) problems.push({ path: `${at}/levels`, message: 'matchProbability and the levels\' matchProbability must add up to less than 1' })
    if (!(uSum < 1)) problems.push({ path: `${at}/levels`, message: 'nonMatchProbability and the levels\' nonMatchProbability must add up to less than 1' })
  }
  return problems
}

/**
 * Rules of a strategy beyond its schema: an order that fits its column, fields and comparisons from the match provider catalogue (every
 * Standard field is also a Privacy field, so the Privacy list is the whole catalogue), known property names
 * and values, existing weight curves, m > u, and at least one blocking field.
 */
export function strategyProblems(input: MatchStrategyInput, curveCodes: ReadonlySet<string>): FieldProblem[] {
  const { fields, comparisonTypes } = privacyMatchProvider()
  const problems: FieldProblem[] = []
  if (input.order > MAX_ORDER) problems.push({ path: '/order', message: `must be at most ${MAX_ORDER}` })
  if (input.blockingFields.length === 0) problems.push({ path: '/blockingFields', message: 'at least one blocking field is required' })
  input.blockingFields.forEach((b, i) => {
    if (!fields.some((f) => f.name === b.matchProviderFieldName)) {
      problems.push({ path: `/blockingFields/${i}/matchProviderFieldName`, message: `unknown field ${b.matchProviderFieldName}` })
    }
  })
  input.matchingFields.forEach((m, i) => {
    const at = `/matchingFields/${i}`
    const field = fields.find((f) => f.name === m.matchProviderFieldName)
    const type = comparisonTypes.find((c) => c.name === m.comparisonTypeName)
    if (!field) problems.push({ path: `${at}/matchProviderFieldName`, message: `unknown field ${m.matchProviderFieldName}` })
    if (!type) problems.push({ path: `${at}/comparisonTypeName`, message: `unknown comparison type ${m.comparisonTypeName}` })
    else if (field && !field.availableComparisons.includes(type.name)) {
      problems.push({ path: `${at}/comparisonTypeName`, message: `${field.name} offers ${field.availableComparisons.join(', ')}` })
    }
    problems.push(...propertyProblems(at, type, m.comparisonTypeProperties))
    problems.push(...levelProblems(at, m, field, comparisonTypes))
    if (!(m.matchProbability > m.nonMatchProbability)) {
      problems.push({ path: `${at}/matchProbability`, message: 'matchProbability (m) must be greater than nonMatchProbability (u)' })
    }
    if (m.weightCurveCode && !curveCodes.has(m.weightCurveCode)) {
      problems.push({ path: `${at}/weightCurveCode`, message: `no weight curve ${m.weightCurveCode} in this project` })
    }
  })
  return problems
}
