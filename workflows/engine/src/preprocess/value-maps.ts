/**
 * Standardisation of coded fields (sex, state) through configurable value maps: each standard value lists
 * the spellings accepted for it. Matching ignores case, dots and extra spaces ("n.s.w." → NSW). `standardiser`
 * keeps a value no map entry accepts, upper-cased (a state spelled some other way is still evidence);
 * `strictStandardiser` answers null for it, for closed code lists such as sex, where an unlisted code ("U", "9")
 * would otherwise agree with itself as if it said something about the person.
 */
export type ValueMap = Readonly<Record<string, readonly string[]>>

export const DEFAULT_SEX_MAP: ValueMap = {
  M: ['1', 'M', 'Male'],
  F: ['2', 'F', 'Female'],
}

/** States and territories with their names, abbreviations and ABS numeric codes (1 NSW … 8 ACT). */
export const DEFAULT_STATE_MAP: ValueMap = {
  NSW: ['1', 'NSW', 'New South Wales'],
  VIC: ['2', 'VIC', 'Victoria'],
  QLD: ['3', 'QLD', 'Queensland'],
  SA: ['4', 'SA', 'South Australia'],
  WA: ['5', 'WA', 'Western Australia'],
  TAS: ['6', 'TAS', 'Tasmania'],
  NT: ['7', 'NT', 'Northern Territory'],
  ACT: ['8', 'ACT', 'Australian Capital Territory'],
}

const lookupKey = (value: string) => value.toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ').trim()

export type Standardiser = (value: string) => string
export type StrictStandardiser = (value: string) => string | null

/** Compiles a map into a lookup; throws when one spelling is claimed by two standard values. */
function compile(map: ValueMap): Map<string, string> {
  const lookup = new Map<string, string>()
  for (const [standard, accepted] of Object.entries(map)) {
    for (const spelling of [standard, ...accepted]) {
      const key = lookupKey(spelling)
      const existing = lookup.get(key)
      if (existing !== undefined && existing !== standard) {
        throw new Error(`Value map accepts "${spelling}" for both ${existing} and ${standard}.`)
      }
      lookup.set(key, standard)
    }
  }
  return lookup
}

/** Each raw value's answer is remembered (up to 10,000 spellings): values arrive in a handful of spellings. */
function remembered<T extends string | null>(answer: (value: string) => T): (value: string) => T {
  const seen = new Map<string, T>()
  return (value) => {
    const hit = seen.get(value)
    if (hit !== undefined) return hit
    const result = answer(value)
    if (seen.size < 10_000) seen.set(value, result)
    return result
  }
}

/** The standard value, or the value itself (upper-cased, dots and extra spaces removed) when no entry accepts it. */
export function standardiser(map: ValueMap): Standardiser {
  const lookup = compile(map)
  return remembered((value) => { const key = lookupKey(value); return lookup.get(key) ?? key })
}

/** The standard value, or null when no entry of the map accepts the value. */
export function strictStandardiser(map: ValueMap): StrictStandardiser {
  const lookup = compile(map)
  return remembered((value) => lookup.get(lookupKey(value)) ?? null)
}
