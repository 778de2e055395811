/**
 * The cleaning steps Ligature applies to each linkage field on every load (workflows/src/loading/preprocess),
 * named so an envelope builder can apply the same ones before it encodes or checks lengths.
 */
const NAME_STEPS = ['trim', 'removeAccents', 'upperCase', 'collapseSpaces']

export const PREPROCESSING_STEPS: Readonly<Record<string, readonly string[]>> = {
  sourceUniqueId: ['trim'],
  jurisdictionalLinkageKey: ['trim'],
  surname: NAME_STEPS,
  givenName: NAME_STEPS,
  middleName: NAME_STEPS,
  addressLine: NAME_STEPS,
  suburb: NAME_STEPS,
  postcode: NAME_STEPS,
  dateOfBirth: ['trim', 'parseDate'],
  sex: ['trim', 'mapSex'],
  state: ['trim', 'mapState'],
}

const CANONICAL = new Map(Object.keys(PREPROCESSING_STEPS).map((name) => [name.toLowerCase(), name]))
/** Import formats may spell fields `SourceUniqueId` or `sourceUniqueId`: both name the same field. */
export const canonicalField = (linkageField: string) => CANONICAL.get(linkageField.trim().toLowerCase()) ?? linkageField

/** Auxiliary columns (blank linkageField) and unknown fields are only trimmed. */
export const stepsFor = (linkageField: string) => [...(PREPROCESSING_STEPS[canonicalField(linkageField)] ?? ['trim'])]

export const STEP_DESCRIPTIONS: Readonly<Record<string, string>> = {
  trim: 'Remove leading and trailing white space; a blank value is empty.',
  removeAccents: 'Decompose (NFKD) and drop combining marks: Zoë becomes ZOE.',
  upperCase: 'Upper-case the value.',
  collapseSpaces: 'Replace every run of white space with one space.',
  parseDate: 'Read the date with the column format (default yyyy-MM-dd) and write it as yyyy-MM-dd.',
  mapSex: 'Replace any accepted spelling in sexValues (case, dots and spaces ignored) with its standard value.',
  mapState: 'Replace any accepted spelling in stateValues with its standard value.',
}
