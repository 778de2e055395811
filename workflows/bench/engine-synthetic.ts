/**
 * Deterministic synthetic person columns for the engine micro-benchmark: names from pools with 10 % one-letter
 * typos, birth dates over 80 years, sex, postcode and street addresses. Values are what the loader would
 * store (lower case, derived date parts). Seeded, so every run scores the same pairs.
 */
export function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'
const SYLLABLES = ['an', 'ber', 'car', 'da', 'el', 'fin', 'gar', 'ha', 'is', 'jo', 'ka', 'li', 'mar', 'ne', 'ol',
  'pe', 'qui', 'ro', 'sa', 'ter', 'ul', 'vi', 'wil', 'xa', 'yo', 'zen', 'son', 'ley', 'ton', 'mith']
const STREET_TYPES = ['street', 'road', 'avenue', 'close', 'place', 'parade', 'lane', 'drive']

function word(random: () => number, syllables: number): string {
  let w = ''
  for (let i = 0; i < syllables; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)]
  return w
}

function typo(random: () => number, value: string): string {
  const at = Math.floor(random() * value.length)
  const letter = LETTERS[Math.floor(random() * 26)]!
  return value.slice(0, at) + letter + value.slice(at + 1)
}

export interface SyntheticColumns {
  givenName: string[]; surname: string[]; dateOfBirth: string[]; sex: string[]; postcode: string[]
  addressLine: string[]; doby: string[]; dobm: string[]; dobd: string[]
}

export function syntheticPeople(count: number, seed = 42): SyntheticColumns {
  const random = rng(seed)
  const givenPool = Array.from({ length: 3000 }, () => word(random, 2 + Math.floor(random() * 2)))
  const surnamePool = Array.from({ length: 20000 }, () => word(random, 2 + Math.floor(random() * 2)))
  const streetPool = Array.from({ length: 5000 }, () => word(random, 2))
  const cols: SyntheticColumns = { givenName: [], surname: [], dateOfBirth: [], sex: [], postcode: [], addressLine: [],
    doby: [], dobm: [], dobd: [] }
  for (let i = 0; i < count; i++) {
    let given = givenPool[Math.floor(random() * givenPool.length)]!
    let surname = surnamePool[Math.floor(random() * surnamePool.length)]!
    if (random() < 0.1) given = typo(random, given)
    if (random() < 0.1) surname = typo(random, surname)
    const y = 1940 + Math.floor(random() * 80), m = 1 + Math.floor(random() * 12), d = 1 + Math.floor(random() * 28)
    const mm = String(m).padStart(2, '0'), dd = String(d).padStart(2, '0')
    cols.givenName.push(given)
    cols.surname.push(surname)
    cols.dateOfBirth.push(`${y}-${mm}-${dd}`)
    cols.doby.push(String(y)); cols.dobm.push(mm); cols.dobd.push(dd)
    cols.sex.push(random() < 0.5 ? 'm' : 'f')
    cols.postcode.push(String(2000 + Math.floor(random() * 3000)))
    cols.addressLine.push(`${1 + Math.floor(random() * 200)} ${streetPool[Math.floor(random() * streetPool.length)]} ` +
      STREET_TYPES[Math.floor(random() * STREET_TYPES.length)])
  }
  return cols
}

/**
 * Appends `fraction`·count duplicates of random people, each with a one-letter typo in the given name,
 * surname or address. Returns the entity id of every record (originals are 0…count−1).
 */
export function addDuplicates(cols: SyntheticColumns, fraction: number, seed = 43): Int32Array {
  const random = rng(seed)
  const originals = cols.givenName.length
  const extra = Math.floor(originals * fraction)
  const entity = new Int32Array(originals + extra)
  for (let i = 0; i < originals; i++) entity[i] = i
  const keys = Object.keys(cols) as (keyof SyntheticColumns)[]
  for (let k = 0; k < extra; k++) {
    const source = Math.floor(random() * originals)
    for (const key of keys) cols[key].push(cols[key][source]!)
    const field = (['givenName', 'surname', 'addressLine'] as const)[Math.floor(random() * 3)]!
    cols[field][originals + k] = typo(random, cols[field][originals + k]!)
    entity[originals + k] = source
  }
  return entity
}
