/**
 * Standardisation of coded fields (sex, state) through configurable value maps: each standard value lists
 * the spellings accepted for it. Matching ignores case, dots and extra spaces ("n.s.w." → NSW). A value no
 * map entry accepts is kept, upper-cased, rather than rejected: an unexpected code is still evidence.
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

/** Compiles a map into a lookup; throws when one spelling is claimed by two standard values. */
export function standardiser(map: ValueMap): Standardiser {
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
  // Values arrive mostly in a handful of exact spellings; remember each raw value's answer.
  const seen = new Map<string, string>()
  return (value) => {
    let result = seen.get(value)
    if (result === undefined) {
      const key = lookupKey(value)
      result = lookup.get(key) ?? key
      if (seen.size < 10_000) seen.set(value, result)
    }
    return result
  }
}
