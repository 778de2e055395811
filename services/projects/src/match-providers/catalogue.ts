/**
 * The static catalogue of match providers (DECISIONS.md): `Standard` (the default) compares plain-text
 * fields; `Privacy` adds Bloom-encoded versions of the identifying fields (PPRL), compared by Dice
 * coefficient. Clear and encoded fields may coexist in one project, but a Bloom field is only ever compared
 * with the same Bloom field. Property names match the engine's parser (workflows/engine/src/scoring).
 */
import { BLOOM_ENCODED_FIELDS, DEFAULT_MATCH_PROVIDER, PRIVACY_MATCH_PROVIDER } from '@ligature/contracts'

export interface ComparisonType { name: string; displayName: string; helpText: string; properties: string[] }
export interface ProviderField { name: string; displayName: string; linkageFieldName: string; availableComparisons: string[] }
export interface MatchProviderEntry {
  name: string; description: string; isDefault: boolean; fields: ProviderField[]; comparisonTypes: ComparisonType[]
}

const EXACT: ComparisonType = { name: 'Exact', displayName: 'Exact', helpText: 'Agrees when both values are identical.', properties: [] }
const JARO_WINKLER: ComparisonType = {
  name: 'JaroWinkler', displayName: 'Jaro-Winkler',
  helpText: 'String similarity 0-1 favouring a shared prefix. Below threshold (default 0.9) is disagreement; prefixScale (default 0.1, at most 0.25) weighs the prefix.',
  properties: ['threshold', 'prefixScale'],
}
const LEVENSHTEIN: ComparisonType = {
  name: 'Levenshtein', displayName: 'Levenshtein',
  helpText: 'Edit distance; more than maxDistance edits (default 1) is disagreement. Similarity is 1 - edits / longer length.',
  properties: ['maxDistance'],
}
const DATE: ComparisonType = {
  name: 'Date', displayName: 'Date',
  helpText: 'Dates agree when equal, within toleranceDays (default 0), with day and month swapped when allowDayMonthSwap is true, or when at most digitTypos (default 0) of the yyyyMMdd digits differ.',
  properties: ['toleranceDays', 'allowDayMonthSwap', 'digitTypos'],
}
const BLOOM: ComparisonType = {
  name: 'Bloom', displayName: 'Bloom filter (Dice)',
  helpText: 'Dice coefficient of two Bloom filters; below threshold (default 0.8) is disagreement.',
  properties: ['threshold'],
}

const text = ['Exact', 'JaroWinkler', 'Levenshtein']
const f = (name: string, displayName: string, availableComparisons: string[], linkageFieldName = name): ProviderField =>
  ({ name, displayName, linkageFieldName, availableComparisons })

const STANDARD_FIELDS: ProviderField[] = [
  // Person identifiers are keyed by hand, so one mistyped digit is allowed for (Levenshtein).
  f('jurisdictionalLinkageKey', 'Jurisdictional Linkage Key', ['Exact', 'Levenshtein']),
  f('surname', 'Surname', text),
  f('givenName', 'Given Name', text),
  f('middleName', 'Middle Name', text),
  f('dateOfBirth', 'Date of Birth', ['Exact', 'Date']),
  f('sex', 'Sex', ['Exact']),
  f('addressLine', 'Address Line', text),
  f('suburb', 'Suburb', text),
  f('state', 'State', ['Exact']),
  f('postcode', 'Postcode', ['Exact', 'Levenshtein']),
  f('doby', 'Year of Birth', ['Exact'], 'dateOfBirth'),
  f('dobm', 'Month of Birth', ['Exact'], 'dateOfBirth'),
  f('dobd', 'Day of Birth', ['Exact'], 'dateOfBirth'),
  f('surnameSoundex', 'Surname Soundex', ['Exact'], 'surname'),
  f('givenNameSoundex', 'Given Name Soundex', ['Exact'], 'givenName'),
  f('surnameNysiis', 'Surname NYSIIS', ['Exact'], 'surname'),
  f('givenNameNysiis', 'Given Name NYSIIS', ['Exact'], 'givenName'),
  f('givenNameInitial', 'Given Name Initial', ['Exact'], 'givenName'),
]
const BLOOM_FIELDS: ProviderField[] = BLOOM_ENCODED_FIELDS.map(({ name, linkageField }) => {
  const clear = STANDARD_FIELDS.find((s) => s.name === linkageField)!
  return f(name, `${clear.displayName} (Bloom-encoded)`, ['Bloom'], linkageField)
})

export const MATCH_PROVIDERS: readonly MatchProviderEntry[] = [
  { name: DEFAULT_MATCH_PROVIDER, description: 'Plain-text identifiers compared exactly, by string similarity or as dates.', isDefault: true,
    fields: STANDARD_FIELDS, comparisonTypes: [EXACT, JARO_WINKLER, LEVENSHTEIN, DATE] },
  { name: PRIVACY_MATCH_PROVIDER, description: 'Privacy-preserving linkage: the Standard fields plus Bloom-encoded identifiers compared by Dice coefficient.', isDefault: false,
    fields: [...STANDARD_FIELDS, ...BLOOM_FIELDS], comparisonTypes: [EXACT, JARO_WINKLER, LEVENSHTEIN, DATE, BLOOM] },
]

/** Names are matched case-insensitively (`/matchproviders/standard` works too). */
export const findMatchProvider = (name: string) => MATCH_PROVIDERS.find((p) => p.name.toLowerCase() === name.toLowerCase())
export const defaultMatchProvider = () => MATCH_PROVIDERS.find((p) => p.isDefault)!
export const privacyMatchProvider = () => findMatchProvider(PRIVACY_MATCH_PROVIDER)!

/**
 * A project's match provider follows from its strategies: `Privacy` as soon as one of them blocks or
 * compares on a Bloom-encoded field, otherwise `Standard`.
 */
export function providerForFields(fieldNames: Iterable<string>): MatchProviderEntry {
  const standard = defaultMatchProvider()
  for (const name of fieldNames) if (!standard.fields.some((s) => s.name === name)) return privacyMatchProvider()
  return standard
}
