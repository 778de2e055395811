/**
 * The default linkage fields of DECISIONS.md ("Matching and grouping"): the columns every project's record
 * table has, with their maximum lengths, and the fields derived from them during preprocessing.
 */
import { BLOOM_ENCODED_FIELDS, DEFAULT_BLOOM_ENCODING } from '@ligature/contracts'

/** Filters are `DEFAULT_BLOOM_ENCODING.filterBits` long; base64 of 128 bytes. */
export const BLOOM_FILTER_BITS = DEFAULT_BLOOM_ENCODING.filterBits
const BLOOM_BASE64_LENGTH = 4 * Math.ceil(BLOOM_FILTER_BITS / 8 / 3)

export const LINKAGE_FIELD_MAX_LENGTH = {
  sourceUniqueId: 64,
  jurisdictionalLinkageKey: 64,
  surname: 100,
  givenName: 100,
  middleName: 100,
  dateOfBirth: 10,
  sex: 10,
  addressLine: 200,
  suburb: 100,
  state: 30,
  postcode: 10,
  // Bloom-encoded fields of the Privacy provider (contracts BLOOM_ENCODED_FIELDS): base64 of a 1024-bit
  // filter is 172 characters. Stored as sent; preprocessing only checks that the value is such a filter.
  surnameBloom: BLOOM_BASE64_LENGTH,
  givenNameBloom: BLOOM_BASE64_LENGTH,
  middleNameBloom: BLOOM_BASE64_LENGTH,
  dateOfBirthBloom: BLOOM_BASE64_LENGTH,
  addressLineBloom: BLOOM_BASE64_LENGTH,
  suburbBloom: BLOOM_BASE64_LENGTH,
} as const

export type LinkageFieldName = keyof typeof LINKAGE_FIELD_MAX_LENGTH
export type BloomFieldName = (typeof BLOOM_ENCODED_FIELDS)[number]['name']
export const BLOOM_FIELDS: readonly BloomFieldName[] = BLOOM_ENCODED_FIELDS.map((f) => f.name)
export const isBloomField = (name: string): name is BloomFieldName => (BLOOM_FIELDS as readonly string[]).includes(name)
export const LINKAGE_FIELDS = Object.keys(LINKAGE_FIELD_MAX_LENGTH) as LinkageFieldName[]

export const DERIVED_FIELDS = [
  'doby', 'dobm', 'dobd',
  'surnameSoundex', 'givenNameSoundex', 'surnameNysiis', 'givenNameNysiis', 'givenNameInitial',
] as const
export type DerivedFieldName = (typeof DERIVED_FIELDS)[number]

/** The one field a row cannot do without: records are identified by it within their event type. */
export const MANDATORY_FIELD: LinkageFieldName = 'sourceUniqueId'

const byLowerCase = new Map<string, LinkageFieldName>(LINKAGE_FIELDS.map((f) => [f.toLowerCase(), f]))

/**
 * The canonical spelling of a linkage field named in an import format. Import formats exported from the
 * reference product write `SourceUniqueId`, `GivenName`…; names are matched case-insensitively so both spellings
 * land in the same column. Returns undefined for names that are not default linkage fields.
 */
export function canonicalLinkageField(name: string): LinkageFieldName | undefined {
  return byLowerCase.get(name.trim().toLowerCase())
}
