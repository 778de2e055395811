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
}
function isNumberIn(v: string, min: number, max: number) {
  const n = Number(v)
  return v.trim() !== '' && Number.isFinite(n) && n >= min && n <= max
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
    const seen = new Set<string>()
    ;(m.comparisonTypeProperties ?? []).forEach((p, j) => {
      const path = `${at}/comparisonTypeProperties/${j}`
      if (type && !type.properties.includes(p.name)) problems.push({ path: `${path}/name`, message: `${type.name} has no property ${p.name}` })
      else if (seen.has(p.name)) problems.push({ path: `${path}/name`, message: `${p.name} is given twice` })
      else if (type && !PROPERTY_RULES[p.name]!(p.value)) problems.push({ path: `${path}/value`, message: `${p.value} is not a valid ${p.name}` })
      seen.add(p.name)
    })
    if (!(m.matchProbability > m.nonMatchProbability)) {
      problems.push({ path: `${at}/matchProbability`, message: 'matchProbability (m) must be greater than nonMatchProbability (u)' })
    }
    if (m.weightCurveCode && !curveCodes.has(m.weightCurveCode)) {
      problems.push({ path: `${at}/weightCurveCode`, message: `no weight curve ${m.weightCurveCode} in this project` })
    }
  })
  return problems
}
