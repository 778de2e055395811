import t from 'tap'
import { CharacterCounts } from './character-counts.js'

/** What commonUpperBound computes, written out per bucket: Σ min(countA, countB, 3) + min(overflows), capped by both lengths. */
function expectedBound(a: string, b: string): number {
  const buckets = (s: string) => { const c = new Array<number>(32).fill(0); for (let i = 0; i < s.length; i++) c[s.charCodeAt(i) & 31]!++; return c }
  const ca = buckets(a), cb = buckets(b)
  const over = (c: number[]) => c.reduce((sum, n) => sum + Math.max(n - 3, 0), 0)
  const shared = ca.reduce((sum, n, k) => sum + Math.min(n, cb[k]!, 3), 0) + Math.min(over(ca), over(cb))
  return Math.min(shared, a.length, b.length)
}

/** Characters two strings share as multisets (exact): the bound must never fall below it. */
function common(a: string, b: string): number {
  const counts = new Map<number, number>()
  for (let i = 0; i < a.length; i++) counts.set(a.charCodeAt(i), (counts.get(a.charCodeAt(i)) ?? 0) + 1)
  let n = 0
  for (let i = 0; i < b.length; i++) { const c = counts.get(b.charCodeAt(i)) ?? 0; if (c > 0) { n++; counts.set(b.charCodeAt(i), c - 1) } }
  return n
}

// Deterministic pseudo-random strings over a small alphabet (so buckets repeat and overflow).
let seed = 12345
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0)
const word = (length: number) => Array.from({ length }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789-'[next() % 38]).join('')

t.test('lengths and bounds match the per-bucket formula, and never fall below the characters shared', async (t) => {
  const values = ['', 'A', 'AAAA', 'ANNA', 'HANNAH', ...Array.from({ length: 200 }, () => word(next() % 40))]
  const counts = new CharacterCounts(values)
  let checked = 0
  for (let a = 0; a < values.length; a++) {
    t.equal(counts.lengthOf(a), values[a]!.length)
    for (let b = 0; b < values.length; b++) {
      const bound = counts.commonUpperBound(a, b)
      if (bound !== expectedBound(values[a]!, values[b]!) || bound < common(values[a]!, values[b]!)) t.fail(`${values[a]} / ${values[b]}: ${bound}`)
      checked++
    }
  }
  t.equal(checked, values.length ** 2)
})

t.test('values whose length does not fit 16 bits are bounded as exactly as short ones', async (t) => {
  const values = ['SHORT VALUE', word(0xfffe), word(0xffff), word(70_000), 'A'.repeat(70_000), word(12)]
  const counts = new CharacterCounts(values)
  for (let a = 0; a < values.length; a++) {
    t.equal(counts.lengthOf(a), values[a]!.length, `length of value ${a}`)
    for (let b = 0; b < values.length; b++) t.equal(counts.commonUpperBound(a, b), expectedBound(values[a]!, values[b]!), `bound of ${a} and ${b}`)
  }
})
