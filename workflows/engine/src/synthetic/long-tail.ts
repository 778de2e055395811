/**
 * The long tail of a real population's names and places. A few hundred common names cannot describe a
 * million people: in Australia the commonest surname (Smith) is about 1 % of people, the 200 commonest cover
 * roughly a third, and the rest spread over hundreds of thousands of rarer names; there are about 2,600
 * postcodes. Without the tail, blocks grow with the square of the population and the benchmark would measure
 * a population nobody links. Tail values are made from syllables by their own seeded generator, so the
 * vocabulary is the same for every run and every record count.
 */
import { STATE_SPELLINGS } from './name-lists.js'
import { Prng } from './prng.js'

/** Share of people whose given name or surname comes from the common lists; the rest take a tail name. */
export const COMMON_NAME_SHARE = 0.55
export const COMMON_SUBURB_SHARE = 0.35

const TAIL_SEED = 0x5eed_7a11
const ONSETS = ['b', 'br', 'c', 'ch', 'cl', 'd', 'dr', 'f', 'g', 'gr', 'h', 'j', 'k', 'kr', 'l', 'm', 'n', 'p', 'pr',
  'r', 's', 'sh', 'st', 't', 'tr', 'v', 'w', 'y', 'z']
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ie', 'oa', 'ou', 'y']
const CODAS = ['', '', 'n', 'r', 'l', 's', 'th', 'ck', 'ng', 'nd', 'rt', 'st', 'm', 'x', 'ff']
const ENDINGS = ['', 'son', 'ton', 'ley', 'field', 'man', 'ham', 'ski', 'ez', 'ini', 'ov', 'berg', 'wood', 'ford', 'ard']

function word(rng: Prng, syllables: number, ending: string): string {
  let w = ''
  for (let s = 0; s < syllables; s++) w += rng.pick(ONSETS) + rng.pick(VOWELS) + rng.pick(CODAS)
  w += ending
  return w[0]!.toUpperCase() + w.slice(1)
}

function distinctWords(count: number, seed: number, endings: readonly string[]): string[] {
  const rng = new Prng(seed)
  const seen = new Set<string>()
  while (seen.size < count) seen.add(word(rng, 1 + rng.int(2), rng.pick(endings)))
  return [...seen]
}

/** Postcode ranges per state (Australia Post's numbering), for tail suburbs. */
const POSTCODE_RANGES: Record<string, [number, number]> = {
  NSW: [2000, 2999], VIC: [3000, 3999], QLD: [4000, 4999], SA: [5000, 5799], WA: [6000, 6799], TAS: [7000, 7799],
  NT: [800, 899], ACT: [2600, 2618],
}

export interface LongTail {
  surnames: string[]
  femaleNames: string[]
  maleNames: string[]
  suburbs: Array<readonly [string, string, string]>
}

let cached: LongTail | null = null

/** 200,000 surnames, 6,000 given names per sex and 2,500 suburbs, each with its postcode and state. */
export function longTail(): LongTail {
  if (cached) return cached
  const rng = new Prng(TAIL_SEED)
  const states = Object.keys(STATE_SPELLINGS)
  const places = distinctWords(2500, TAIL_SEED + 3, ['', 'ville', 'ton', ' Creek', ' Heights', ' Park', 'dale', ' Hill'])
  // Several suburbs can share a postcode, as they do in the country.
  const suburbs = places.map((name) => {
    const state = rng.pick(states)
    const [low, high] = POSTCODE_RANGES[state]!
    return [name, String(rng.between(low, high)).padStart(4, '0'), state] as const
  })
  cached = {
    surnames: distinctWords(200_000, TAIL_SEED, ENDINGS),
    femaleNames: distinctWords(6000, TAIL_SEED + 1, ['', 'a', 'ie', 'elle', 'ina', 'ah']),
    maleNames: distinctWords(6000, TAIL_SEED + 2, ['', 'o', 'an', 'el', 'us', 'er']),
    suburbs,
  }
  return cached
}
