/**
 * The held-out synthetic set of bench:accuracy (issue 16): people with an error model written down before the
 * first measurement and different from FEBRL's (whose duplicates carry a few character edits per record) and
 * from the engine generator's (one to three corruptions drawn from one weighted list). Here every duplicate
 * draws each error independently at the rates in HELDOUT_ERRORS, and missing values hit originals too.
 * Nothing in the platform's defaults or thresholds was set from this data; the rates were fixed a priori from
 * what registries report (nicknames, married names, people moving, day/month confusions) and are not tuned.
 * Deterministic: the same options give the same records in the same order on every machine (Prng is sfc32).
 */
import { FEMALE_NAMES, longTail, MALE_NAMES, NICKNAMES, Prng, STREET_NAMES, STREET_TYPES, SUBURBS, SURNAMES, typo, zipfTable } from '@ligature/engine'

export const HELDOUT_SEED = 20261125
export const HELDOUT_RECORDS = 5000

/** Rates of the error model (probabilities per record; "duplicate" = every record of a person but the first). */
export const HELDOUT_ERRORS = {
  /** People with more than one record; each of them gets 1–5 extra records, uniformly. */
  duplicatedPeople: 0.45, minDuplicates: 1, maxDuplicates: 5,
  /** Share of names drawn from the common lists (Zipf-weighted); the rest from the engine's long tail. */
  commonNames: 0.7,
  // Per duplicate:
  /** A known nickname of the given name (Robert → Bob), when it has one. */
  nickname: 0.2,
  givenNameTypo: 0.06, surnameTypo: 0.06,
  /** Given name and surname swapped between columns. */
  transposedNames: 0.05,
  /** A woman's record under another surname (marriage), drawn afresh. */
  marriedSurname: 0.06,
  /** A date typo: one third each a mistyped digit (may give an invalid date, which loading blanks), day and month
   *  swapped (a digit typo instead when the day is above 12 or equals the month), the year one off. */
  dateTypo: 0.15,
  /** A new address: street, suburb, postcode and state all drawn afresh. */
  moved: 0.25,
  /** A keyboard typo in the address line (records that did not move). */
  addressTypo: 0.05,
  // Per record, originals included: a blank value.
  missing: { givenName: 0.03, surname: 0.02, dateOfBirth: 0.05, sex: 0.08, addressLine: 0.12, suburb: 0.06, postcode: 0.06 },
} as const

export interface HeldoutRecord {
  id: string
  /** Ground truth: records with the same person are the same person. */
  person: number
  givenName: string; surname: string; sex: string
  /** yyyy-MM-dd, or a mistyped string of that shape. */
  dateOfBirth: string
  addressLine: string; suburb: string; postcode: string; state: string
}
type Person = Omit<HeldoutRecord, 'id' | 'person'>

const tail = longTail()
const zipf = { F: zipfTable(FEMALE_NAMES.length), M: zipfTable(MALE_NAMES.length), surname: zipfTable(SURNAMES.length),
  tailF: zipfTable(tail.femaleNames.length, 0.6), tailM: zipfTable(tail.maleNames.length, 0.6), tailSurname: zipfTable(tail.surnames.length, 0.6) }

function givenName(rng: Prng, sex: string): string {
  if (rng.chance(HELDOUT_ERRORS.commonNames)) return sex === 'F' ? rng.zipf(FEMALE_NAMES, zipf.F) : rng.zipf(MALE_NAMES, zipf.M)
  return sex === 'F' ? rng.zipf(tail.femaleNames, zipf.tailF) : rng.zipf(tail.maleNames, zipf.tailM)
}
function surname(rng: Prng): string {
  return rng.chance(HELDOUT_ERRORS.commonNames) ? rng.zipf(SURNAMES, zipf.surname) : rng.zipf(tail.surnames, zipf.tailSurname)
}
const pad = (n: number) => String(n).padStart(2, '0')
function address(rng: Prng): Pick<Person, 'addressLine' | 'suburb' | 'postcode' | 'state'> {
  const [suburb, postcode, state] = rng.chance(0.5) ? rng.pick(SUBURBS) : rng.pick(tail.suburbs)
  return { addressLine: `${rng.between(1, 300)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_TYPES)}`, suburb, postcode, state }
}
function newPerson(rng: Prng): Person {
  const sex = rng.chance(0.5) ? 'F' : 'M'
  const month = rng.between(1, 12)
  const day = rng.between(1, month === 2 ? 28 : [4, 6, 9, 11].includes(month) ? 30 : 31)
  return { givenName: givenName(rng, sex), surname: surname(rng), sex, dateOfBirth: `${rng.between(1935, 2015)}-${pad(month)}-${pad(day)}`, ...address(rng) }
}

/** One of the three date typos of HELDOUT_ERRORS.dateTypo, on a yyyy-MM-dd value. */
export function dateTypo(rng: Prng, date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const kind = rng.int(3)
  if (kind === 2) return `${y + (rng.chance(0.5) ? 1 : -1)}-${pad(m)}-${pad(d)}`
  if (kind === 1 && d <= 12 && d !== m) return `${y}-${pad(d)}-${pad(m)}`
  const digits = date.replace(/-/g, '')
  const at = rng.int(8)
  const digit = String((Number(digits[at]) + 1 + rng.int(9)) % 10)
  const typed = digits.slice(0, at) + digit + digits.slice(at + 1)
  return `${typed.slice(0, 4)}-${typed.slice(4, 6)}-${typed.slice(6, 8)}`
}

function duplicate(rng: Prng, p: Person): Person {
  const e = HELDOUT_ERRORS
  const r = { ...p }
  if (rng.chance(e.nickname) && NICKNAMES[r.givenName]) r.givenName = rng.pick(NICKNAMES[r.givenName]!)
  if (rng.chance(e.givenNameTypo)) r.givenName = typo(rng, r.givenName)
  if (r.sex === 'F' && rng.chance(e.marriedSurname)) r.surname = surname(rng)
  if (rng.chance(e.surnameTypo)) r.surname = typo(rng, r.surname)
  if (rng.chance(e.transposedNames)) [r.givenName, r.surname] = [r.surname, r.givenName]
  if (rng.chance(e.dateTypo)) r.dateOfBirth = dateTypo(rng, r.dateOfBirth)
  if (rng.chance(e.moved)) Object.assign(r, address(rng))
  else if (rng.chance(e.addressTypo)) r.addressLine = typo(rng, r.addressLine)
  return r
}

function blanked(rng: Prng, p: Person): Person {
  const r = { ...p }
  for (const [field, rate] of Object.entries(HELDOUT_ERRORS.missing)) if (rng.chance(rate)) r[field as keyof typeof HELDOUT_ERRORS.missing] = ''
  return r
}

/** `records` records (the last person may be cut short), shuffled, ids H0000001…. */
export function heldoutPeople(records = HELDOUT_RECORDS, seed = HELDOUT_SEED): HeldoutRecord[] {
  const rng = new Prng(seed)
  const e = HELDOUT_ERRORS
  const out: Omit<HeldoutRecord, 'id'>[] = []
  for (let person = 1; out.length < records; person++) {
    const original = newPerson(rng)
    const extra = rng.chance(e.duplicatedPeople) ? rng.between(e.minDuplicates, e.maxDuplicates) : 0
    for (let k = 0; k <= extra && out.length < records; k++) out.push({ person, ...blanked(rng, k === 0 ? original : duplicate(rng, original)) })
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out.map((r, i) => ({ id: `H${String(i + 1).padStart(7, '0')}`, ...r }))
}

export const HELDOUT_COLUMNS = ['unique_id', 'given_name', 'surname', 'sex', 'dob', 'address', 'suburb', 'postcode', 'state', 'person'] as const

/** The records as a CSV with a header (HELDOUT_COLUMNS); no value holds a comma or a quote. */
export function heldoutCsv(rows: readonly HeldoutRecord[]): string {
  const line = (r: HeldoutRecord) => [r.id, r.givenName, r.surname, r.sex, r.dateOfBirth, r.addressLine, r.suburb, r.postcode, r.state, r.person].join(',')
  return [HELDOUT_COLUMNS.join(','), ...rows.map(line)].join('\n') + '\n'
}
