import { NICKNAMES } from './name-lists.js'
import type { Prng } from './prng.js'

/** QWERTY neighbours, for substitution typos that a keyboard would actually produce. */
const NEIGHBOURS: Record<string, string> = {
  a: 'qwsz', b: 'vghn', c: 'xdfv', d: 'serfcx', e: 'wsdr', f: 'drtgvc', g: 'ftyhbv', h: 'gyujnb', i: 'ujko', j: 'huikmn',
  k: 'jiolm', l: 'kop', m: 'njk', n: 'bhjm', o: 'iklp', p: 'ol', q: 'wa', r: 'edft', s: 'awedxz', t: 'rfgy', u: 'yhji',
  v: 'cfgb', w: 'qase', x: 'zsdc', y: 'tghu', z: 'asx',
}

function keepCase(original: string, replacement: string): string {
  return original === original.toUpperCase() ? replacement.toUpperCase() : replacement
}

/** One keyboard typo: substitution by a neighbouring key, deletion, doubled letter, or swapped neighbours. */
export function typo(rng: Prng, value: string): string {
  if (value.length < 2) return value
  const i = rng.int(value.length)
  const ch = value[i]!
  switch (rng.int(4)) {
    case 0: {
      const near = NEIGHBOURS[ch.toLowerCase()]
      return near ? value.slice(0, i) + keepCase(ch, rng.pick([...near])) + value.slice(i + 1) : value
    }
    case 1:
      return value.slice(0, i) + value.slice(i + 1)
    case 2:
      return value.slice(0, i + 1) + ch.toLowerCase() + value.slice(i + 1)
    default: {
      const j = Math.min(i, value.length - 2)
      return value.slice(0, j) + value[j + 1] + value[j] + value.slice(j + 2)
    }
  }
}

/** A known nickname of a given name, or a typo when it has none. */
export function nicknameOrTypo(rng: Prng, given: string): string {
  const nicks = NICKNAMES[given]
  return nicks ? rng.pick(nicks) : typo(rng, given)
}

/** A date error as people make them (yyyyMMdd in and out): day and month swapped, year or day slightly off. */
export function dateError(rng: Prng, yyyymmdd: string): string {
  const y = Number(yyyymmdd.slice(0, 4))
  const m = Number(yyyymmdd.slice(4, 6))
  const d = Number(yyyymmdd.slice(6, 8))
  const fmt = (yy: number, mm: number, dd: number) => `${yy}${String(mm).padStart(2, '0')}${String(dd).padStart(2, '0')}`
  const roll = rng.next()
  if (roll < 0.3 && d <= 12 && d !== m) return fmt(y, d, m)
  if (roll < 0.6) return fmt(y + (rng.chance(0.5) ? 1 : -1), m, d)
  if (roll < 0.9) return fmt(y, m, Math.max(1, Math.min(28, d + rng.between(1, 3) * (rng.chance(0.5) ? 1 : -1))))
  // A mistyped digit; may give a date that does not exist, which preprocessing then reports as invalid.
  const i = rng.between(2, 7)
  return yyyymmdd.slice(0, i) + String(rng.int(10)) + yyyymmdd.slice(i + 1)
}
