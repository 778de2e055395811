/**
 * A default match configuration over the default linkage fields (DECISIONS.md): one Fellegi–Sunter model
 * (hand-set m/u, weights log2) shared by four blocking strategies, so that one corrupted field does not hide
 * a pair: exact date of birth (+ sex), surname Soundex + given-name Soundex, given-name Soundex + postcode,
 * address + postcode. Every strategy compares all matching fields (agreement on a blocking field is evidence
 * too) and uses the same threshold, so a pair's score does not depend on which strategy found it.
 * Suburb and state are not compared: they repeat what postcode says, and counting the same evidence several
 * times lets people sharing a household outscore a true match who moved.
 * The threshold (14) lies above the log2 prior odds of a random pair in a population of thousands, and
 * above what a household member of another name and birth date scores (surname + address ≈ 12).
 * `dateOfBirth` is a date column (`yyyy-MM-dd`/`yyyyMMdd`); doby/dobm/dobd are its text parts.
 */
import type { ColumnSpec } from './columnar/column.js'
import type { BlockingFieldSpec, MatchingFieldSpec, StrategySpec } from './types.js'

const jw = (field: string, m: number, u: number, threshold = 0.9): MatchingFieldSpec =>
  ({ field, comparison: { type: 'JaroWinkler', threshold }, m, u })

export const DEFAULT_THRESHOLD = 14

export const DEFAULT_FIELDS = {
  /**
   * Names adjust for term frequencies and have two agreement levels (issue 16; the platform default,
   * contracts/src/defaults.ts): Jaro–Winkler ≥ 0.92, else ≥ 0.88.
   */
  givenName: { ...jw('givenName', 0.8, 0.004, 0.92), termFrequency: true, levels: [{ comparison: { type: 'JaroWinkler', threshold: 0.88 }, m: 0.05, u: 0.004 }] },
  surname: { ...jw('surname', 0.8, 0.002, 0.92), termFrequency: true, levels: [{ comparison: { type: 'JaroWinkler', threshold: 0.88 }, m: 0.05, u: 0.002 }] },
  /** Equal dates; else a day/month swap or one typed digit; else within a year. */
  dateOfBirth: { field: 'dateOfBirth', comparison: { type: 'Date' }, m: 0.85, u: 0.0003, levels: [
    { comparison: { type: 'Date', allowDayMonthSwap: true, digitTypos: 1 }, m: 0.06, u: 0.0015 },
    { comparison: { type: 'Date', toleranceDays: 366 }, m: 0.03, u: 0.025 }] },
  sex: { field: 'sex', comparison: { type: 'Exact' }, m: 0.97, u: 0.5 },
  addressLine: jw('addressLine', 0.7, 0.002, 0.88),
  postcode: { field: 'postcode', comparison: { type: 'Levenshtein', maxDistance: 1 }, m: 0.85, u: 0.02,
    curve: [{ distance: 0, weightProportion: 0 }, { distance: 0.75, weightProportion: 0.5 }, { distance: 1, weightProportion: 1 }] },
} satisfies Record<string, MatchingFieldSpec>

export const DEFAULT_COLUMNS: ColumnSpec[] = [
  ...['givenName', 'surname', 'sex', 'addressLine', 'suburb', 'postcode', 'state', 'doby', 'dobm', 'dobd',
    'surnameSoundex', 'givenNameSoundex', 'givenNameInitial'].map(name => ({ name, kind: 'text' as const })),
  { name: 'dateOfBirth', kind: 'date' },
]

const strict = (...fields: string[]): BlockingFieldSpec[] => fields.map(field => ({ field, matchEmpty: false }))

export function defaultStrategies(extraFields: readonly MatchingFieldSpec[] = []): StrategySpec[] {
  const matchingFields = [...Object.values(DEFAULT_FIELDS), ...extraFields]
  const strategy = (order: number, name: string, blockingFields: BlockingFieldSpec[]): StrategySpec =>
    ({ name, order, isActive: true, threshold: DEFAULT_THRESHOLD, blockingFields, matchingFields })
  return [
    strategy(1, 'Date of Birth', [...strict('doby', 'dobm', 'dobd'), { field: 'sex', matchEmpty: true }]),
    strategy(2, 'Surname and given name', strict('surnameSoundex', 'givenNameSoundex')),
    strategy(3, 'Given name and postcode', strict('givenNameSoundex', 'postcode')),
    strategy(4, 'Address', strict('addressLine', 'postcode')),
  ]
}
