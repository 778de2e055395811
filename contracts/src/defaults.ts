/**
 * What a new linkage project starts with (DECISIONS.md "Matching and grouping"), as plain data in the API's
 * shapes, so the projects service, the engine and the docs can share one copy. No TypeBox, no side effects.
 *
 * The match model follows the engine's defaults (workflows/engine/src/default-strategies.ts): one
 * Fellegi–Sunter model (hand-set m/u, weights log2) shared by four blocking strategies, so one corrupted
 * field does not hide a pair. m is how often the field agrees for the same person after typing errors and
 * life changes (sex 0.97, names 0.85, address 0.7); u is the chance two random people agree, from typical
 * value frequencies (sex 0.5, postcode 0.02, surname 0.003, date of birth 1/3650 ≈ 0.0003). The threshold 14
 * lies above the log2 prior odds of a random pair in a population of thousands; names alone do not reach it
 * (surname, given name and sex agreeing, the rest disagreeing: 8.78). Names and birth dates have lower
 * agreement levels (below); their top levels are Jaro–Winkler ≥ 0.92 (m 0.8) and the same date (m 0.85).
 */

export const DEFAULT_MATCH_PROVIDER = 'Standard'
export const PRIVACY_MATCH_PROVIDER = 'Privacy'
export const DEFAULT_GROUP_STRATEGY = 'MergeOnDisk'
/** LogType 1 Summary. */
export const DEFAULT_LOG_TYPE = 1
export const DEFAULT_STRATEGY_THRESHOLD = 14
export const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd'

export interface DefaultLinkageField {
  name: string; displayName: string; maxLength: number; canSpecifyFormat: boolean; formatHint: string | null
}
const field = (name: string, displayName: string, maxLength: number, formatHint: string | null = null): DefaultLinkageField =>
  ({ name, displayName, maxLength, canSpecifyFormat: formatHint !== null, formatHint })

export const DEFAULT_LINKAGE_FIELDS: readonly DefaultLinkageField[] = [
  field('sourceUniqueId', 'Source Unique ID', 64),
  field('jurisdictionalLinkageKey', 'Jurisdictional Linkage Key', 64),
  field('surname', 'Surname', 100),
  field('givenName', 'Given Name', 100),
  field('middleName', 'Middle Name', 100),
  field('dateOfBirth', 'Date of Birth', 10, 'yyyy-MM-dd, dd/MM/yyyy, yyyyMMdd'),
  field('sex', 'Sex', 10),
  field('addressLine', 'Address Line', 200),
  field('suburb', 'Suburb', 100),
  field('state', 'State', 30),
  field('postcode', 'Postcode', 10),
]
/** The one field every row needs. */
export const REQUIRED_LINKAGE_FIELD = 'sourceUniqueId'

/** Fields pre-processing derives, with the linkage field each comes from. */
export const DERIVED_LINKAGE_FIELDS: Readonly<Record<string, string>> = {
  doby: 'dateOfBirth', dobm: 'dateOfBirth', dobd: 'dateOfBirth',
  surnameSoundex: 'surname', givenNameSoundex: 'givenName',
  surnameNysiis: 'surname', givenNameNysiis: 'givenName', givenNameInitial: 'givenName',
}

export interface DefaultWeightCurve {
  code: string; name: string; decimalScale: number; points: { distance: number; weightProportion: number }[]
}
export const DEFAULT_WEIGHT_CURVES: readonly DefaultWeightCurve[] = [
  // Levenshtein similarity of a 4-digit postcode: one typed digit (0.75) earns half the agreement weight.
  { code: 'POSTCODE', name: 'Postcode, one edit', decimalScale: 2,
    points: [{ distance: 0, weightProportion: 0 }, { distance: 0.75, weightProportion: 0.5 }, { distance: 1, weightProportion: 1 }] },
  // Jaro-Winkler similarity of names: not used by the default strategies (their 0.9 threshold gates
  // names all or nothing); attach it to a name field for graded partial agreement from 0.8 up.
  { code: 'NAMEJW', name: 'Names, Jaro-Winkler', decimalScale: 2,
    points: [{ distance: 0.8, weightProportion: 0 }, { distance: 0.88, weightProportion: 0.4 },
      { distance: 0.95, weightProportion: 0.8 }, { distance: 1, weightProportion: 1 }] },
]

export interface DefaultMatchingLevel {
  comparisonTypeName: string
  comparisonTypeProperties: { name: string; value: string }[]
  matchProbability: number
  nonMatchProbability: number
}
export interface DefaultMatchingField {
  matchProviderFieldName: string
  comparisonTypeName: string
  comparisonTypeProperties: { name: string; value: string }[]
  matchProbability: number
  nonMatchProbability: number
  weightCurveCode: string | null
  termFrequencyAdjustment?: boolean
  levels?: DefaultMatchingLevel[]
}
const jw = (name: string, m: number, u: number, threshold = '0.9'): DefaultMatchingField => ({
  matchProviderFieldName: name, comparisonTypeName: 'JaroWinkler', comparisonTypeProperties: [{ name: 'threshold', value: threshold }],
  matchProbability: m, nonMatchProbability: u, weightCurveCode: null,
})
const level = (comparisonTypeName: string, properties: [string, string][], m: number, u: number): DefaultMatchingLevel =>
  ({ comparisonTypeName, comparisonTypeProperties: properties.map(([name, value]) => ({ name, value })), matchProbability: m, nonMatchProbability: u })
// Names adjust for term frequencies (issue 16): on by default because it raised F1 on FEBRL 2 and fake_1000 and
// lowered it on none of the held-out sets (bench:accuracy, DECISIONS.md "Comparison levels and term frequencies").
// Names and dates have levels (issue 16, DECISIONS.md "Default comparison levels"), chosen a priori from the
// error types registries report: a name identical or nearly (Jaro–Winkler ≥ 0.92) or near (≥ 0.88); a birth
// date equal, off by a day/month swap or one typed digit, or within a year. They raised F1 on the held-out
// synthetic set and left FEBRL within 0.0002. The hand-set m and u of a level are starting values for EM.
export const DEFAULT_MATCHING_FIELDS: readonly DefaultMatchingField[] = [
  { ...jw('givenName', 0.8, 0.004, '0.92'), termFrequencyAdjustment: true, levels: [level('JaroWinkler', [['threshold', '0.88']], 0.05, 0.004)] },
  { ...jw('surname', 0.8, 0.002, '0.92'), termFrequencyAdjustment: true, levels: [level('JaroWinkler', [['threshold', '0.88']], 0.05, 0.002)] },
  { matchProviderFieldName: 'dateOfBirth', comparisonTypeName: 'Date', comparisonTypeProperties: [],
    matchProbability: 0.85, nonMatchProbability: 0.0003, weightCurveCode: null, levels: [
      level('Date', [['allowDayMonthSwap', 'true'], ['digitTypos', '1']], 0.06, 0.0015), level('Date', [['toleranceDays', '366']], 0.03, 0.025)] },
  { matchProviderFieldName: 'sex', comparisonTypeName: 'Exact', comparisonTypeProperties: [], matchProbability: 0.97, nonMatchProbability: 0.5, weightCurveCode: null },
  jw('addressLine', 0.7, 0.002, '0.88'),
  { matchProviderFieldName: 'postcode', comparisonTypeName: 'Levenshtein', comparisonTypeProperties: [{ name: 'maxDistance', value: '1' }],
    matchProbability: 0.85, nonMatchProbability: 0.02, weightCurveCode: 'POSTCODE' },
]

export interface DefaultStrategy {
  name: string; order: number; threshold: number; isActive: boolean
  blockingFields: { matchProviderFieldName: string; matchEmpty: boolean }[]
  matchingFields: readonly DefaultMatchingField[]
}
const strict = (...names: string[]) => names.map((matchProviderFieldName) => ({ matchProviderFieldName, matchEmpty: false }))
const strategy = (order: number, name: string, blockingFields: DefaultStrategy['blockingFields']): DefaultStrategy =>
  ({ name, order, threshold: DEFAULT_STRATEGY_THRESHOLD, isActive: true, blockingFields, matchingFields: DEFAULT_MATCHING_FIELDS })

export const DEFAULT_MATCH_STRATEGIES: readonly DefaultStrategy[] = [
  strategy(1, 'Date of Birth', [...strict('doby', 'dobm', 'dobd'), { matchProviderFieldName: 'sex', matchEmpty: true }]),
  // Both names' Soundex rather than surname + initial: at a million people "S530 + J" holds thousands of
  // records (hundreds of millions of pairs), both codes together a few hundred.
  strategy(2, 'Surname and given name', strict('surnameSoundex', 'givenNameSoundex')),
  strategy(3, 'Given name and postcode', strict('givenNameSoundex', 'postcode')),
  strategy(4, 'Address', strict('addressLine', 'postcode')),
]

/** Standard values with the spellings pre-processing accepts for each (case, dots and spaces ignored). */
export const DEFAULT_SEX_MAP: Readonly<Record<string, readonly string[]>> = { M: ['1', 'M', 'Male'], F: ['2', 'F', 'Female'] }
export const DEFAULT_STATE_MAP: Readonly<Record<string, readonly string[]>> = {
  NSW: ['1', 'NSW', 'New South Wales'], VIC: ['2', 'VIC', 'Victoria'], QLD: ['3', 'QLD', 'Queensland'],
  SA: ['4', 'SA', 'South Australia'], WA: ['5', 'WA', 'Western Australia'], TAS: ['6', 'TAS', 'Tasmania'],
  NT: ['7', 'NT', 'Northern Territory'], ACT: ['8', 'ACT', 'Australian Capital Territory'],
}

/**
 * The Privacy provider's Bloom-encoded linkage fields (`<clear field>Bloom`), each the encoding of one clear field.
 * The record store keeps one column per name (base64 filters), so strategies can block on and compare them.
 */
export const BLOOM_ENCODED_FIELDS = [
  { name: 'surnameBloom', linkageField: 'surname' }, { name: 'givenNameBloom', linkageField: 'givenName' },
  { name: 'middleNameBloom', linkageField: 'middleName' }, { name: 'dateOfBirthBloom', linkageField: 'dateOfBirth' },
  { name: 'addressLineBloom', linkageField: 'addressLine' }, { name: 'suburbBloom', linkageField: 'suburb' },
] as const

/** Bloom encoding of the Privacy provider (engine: workflows/engine/src/bloom). Keys never leave providers. */
export const DEFAULT_BLOOM_ENCODING = {
  qgramLength: 2, padded: true, filterBits: 1024, hashFunctions: 20,
  hashing: 'clkhash double hashing: h1 = HMAC-SHA1(key1, q-gram) mod filterBits, h2 = HMAC-MD5(key2, q-gram) mod filterBits (whole digests as unsigned big-endian integers), position_i = (h1 + i*h2) mod filterBits; q-grams of the trimmed lower-cased value padded with one space each side; base64 of the bits, bit 0 the most significant bit of byte 0',
  similarity: 'Dice', threshold: 0.8,
} as const
