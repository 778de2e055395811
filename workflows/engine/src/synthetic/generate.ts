import { dateError, nicknameOrTypo, typo } from './corrupt.js'
import { FEMALE_NAMES, MALE_NAMES, STATE_SPELLINGS, STREET_NAMES, STREET_TYPES, SUBURBS, SURNAMES } from './name-lists.js'
import { COMMON_NAME_SHARE, COMMON_SUBURB_SHARE, longTail } from './long-tail.js'
import { Prng, zipfTable } from './prng.js'

export interface SyntheticPerson {
  recId: string
  /** Ground truth: records with the same entity id are the same person. */
  entityId: number
  givenName: string
  middleName: string
  surname: string
  sex: string
  /** yyyyMMdd */
  dateOfBirth: string
  addressLine: string
  suburb: string
  postcode: string
  state: string
}

export interface GeneratorOptions {
  records: number
  seed?: number
  /** Share of people that appear more than once (default 0.3). */
  duplicateShare?: number
  /** Most extra records of one person (default 4). */
  maxDuplicates?: number
}

export interface GeneratorStats {
  entities: number
  duplicateRecords: number
  /** Pairs of records that belong to the same person: what a perfect linkage finds. */
  truePairs: number
}

type Person = Omit<SyntheticPerson, 'recId' | 'entityId' | 'sex' | 'state'> & { sex: 'M' | 'F'; state: string }

/**
 * The name tables, built when the first records are generated, not when the module loads: every process and
 * thread that imports the engine (a worker's parse and coding threads among them) spent 0.2–0.3 s of CPU on
 * 200,000 generated surnames it never used.
 */
function buildNames() {
  const tail = longTail()
  return {
    tail,
    tables: { F: zipfTable(FEMALE_NAMES.length), M: zipfTable(MALE_NAMES.length), surname: zipfTable(SURNAMES.length) },
    tailTables: { F: zipfTable(tail.femaleNames.length, 0.6), M: zipfTable(tail.maleNames.length, 0.6), surname: zipfTable(tail.surnames.length, 0.6) },
  }
}
let names: ReturnType<typeof buildNames> | null = null
const nameTables = () => (names ??= buildNames())

/** A common name most of the time, else one from the long tail (long-tail.ts says why). */
function givenName(rng: Prng, sex: 'F' | 'M'): string {
  const { tables, tail, tailTables } = nameTables()
  if (rng.chance(COMMON_NAME_SHARE)) return rng.zipf(sex === 'F' ? FEMALE_NAMES : MALE_NAMES, tables[sex])
  return rng.zipf(sex === 'F' ? tail.femaleNames : tail.maleNames, tailTables[sex])
}
function surname(rng: Prng): string {
  const { tables, tail, tailTables } = nameTables()
  return rng.chance(COMMON_NAME_SHARE) ? rng.zipf(SURNAMES, tables.surname) : rng.zipf(tail.surnames, tailTables.surname)
}
/** Records are shuffled within windows of this size so duplicates do not sit next to their original. */
const WINDOW = 4096

/**
 * Deterministic stream of synthetic person records with realistic duplicates: the same seed and options
 * give the same records in the same order. Memory is bounded by the shuffle window. `stats` fills in as
 * records are produced and is complete when the generator is done.
 */
export function* syntheticPeople(options: GeneratorOptions, stats: GeneratorStats = { entities: 0, duplicateRecords: 0, truePairs: 0 }): Generator<SyntheticPerson> {
  const rng = new Prng(options.seed ?? 1)
  const share = options.duplicateShare ?? 0.3
  const maxDup = options.maxDuplicates ?? 4
  const window: Array<Omit<SyntheticPerson, 'recId'>> = []
  let produced = 0
  let emitted = 0
  const flush = function* () {
    for (let i = window.length - 1; i > 0; i--) {
      const j = rng.int(i + 1)
      ;[window[i], window[j]] = [window[j]!, window[i]!]
    }
    for (const r of window) yield { recId: `P${String(++emitted).padStart(9, '0')}`, ...r }
    window.length = 0
  }
  while (produced < options.records) {
    const entityId = ++stats.entities
    const person = newPerson(rng)
    let extra = 0
    if (rng.chance(share)) for (extra = 1; extra < maxDup && rng.chance(0.4); extra++);
    const count = Math.min(1 + extra, options.records - produced)
    stats.duplicateRecords += count - 1
    stats.truePairs += (count * (count - 1)) / 2
    for (let k = 0; k < count; k++) window.push({ entityId, ...present(rng, k === 0 ? person : corrupted(rng, person)) })
    produced += count
    if (window.length >= WINDOW) yield* flush()
  }
  yield* flush()
}

function newPerson(rng: Prng): Person {
  const sex = rng.chance(0.5) ? 'F' : 'M'
  const year = rng.between(1930, 2020)
  const month = rng.between(1, 12)
  const day = rng.between(1, month === 2 ? 28 : [4, 6, 9, 11].includes(month) ? 30 : 31)
  const [suburb, postcode, state] = rng.chance(COMMON_SUBURB_SHARE) ? rng.pick(SUBURBS) : rng.pick(nameTables().tail.suburbs)
  return {
    givenName: givenName(rng, sex),
    middleName: rng.chance(0.6) ? givenName(rng, sex) : '',
    surname: surname(rng),
    sex,
    dateOfBirth: `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`,
    addressLine: `${rng.between(1, 250)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_TYPES)}`,
    suburb, postcode, state,
  }
}

/** Weighted corruptions; a duplicate gets one to three of them. */
const CORRUPTIONS: Array<[number, (rng: Prng, p: Person) => void]> = [
  [20, (rng, p) => void (p.givenName = typo(rng, p.givenName))],
  [8, (rng, p) => void (p.givenName = nicknameOrTypo(rng, p.givenName))],
  [20, (rng, p) => void (p.surname = typo(rng, p.surname))],
  [4, (rng, p) => void (p.sex === 'F' && (p.surname = surname(rng)))],
  [3, (_rng, p) => void ([p.givenName, p.surname] = [p.surname, p.givenName])],
  [15, (rng, p) => void (p.dateOfBirth = dateError(rng, p.dateOfBirth))],
  [4, (_rng, p) => void (p.givenName = '')],
  [4, (_rng, p) => void (p.dateOfBirth = '')],
  [6, (_rng, p) => void (p.addressLine = '')],
  [3, (_rng, p) => void (p.postcode = '')],
  [10, (rng, p) => void Object.assign(p, newPerson(rng), { givenName: p.givenName, middleName: p.middleName, surname: p.surname, sex: p.sex, dateOfBirth: p.dateOfBirth })],
  [6, (rng, p) => void (p.addressLine = typo(rng, p.addressLine))],
  [3, (rng, p) => void (p.suburb = typo(rng, p.suburb))],
  [5, (_rng, p) => void (p.middleName = p.middleName.slice(0, 1))],
]
const TOTAL_WEIGHT = CORRUPTIONS.reduce((n, [w]) => n + w, 0)

function corrupted(rng: Prng, person: Person): Person {
  const copy = { ...person }
  for (let n = rng.between(1, 3); n > 0; n--) {
    let x = rng.next() * TOTAL_WEIGHT
    const [, apply] = CORRUPTIONS.find(([w]) => (x -= w) < 0) ?? CORRUPTIONS[0]!
    apply(rng, copy)
  }
  return copy
}

/** How a provider writes the values down: sex and state codes vary from record to record. */
function present(rng: Prng, p: Person): Omit<SyntheticPerson, 'recId' | 'entityId'> {
  const sexRoll = rng.next()
  const sex = sexRoll < 0.85 ? p.sex : sexRoll < 0.95 ? (p.sex === 'M' ? '1' : '2') : p.sex === 'M' ? 'Male' : 'Female'
  const stateRoll = rng.next()
  const spelled = STATE_SPELLINGS[p.state]
  const state = stateRoll < 0.85 || !spelled ? p.state : stateRoll < 0.95 ? spelled[0] : spelled[1]
  return { ...p, sex, state }
}
