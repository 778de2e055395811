/**
 * Jaro–Winkler similarity, standard definition: match window ⌊max(|a|,|b|)/2⌋−1, transpositions halved,
 * Winkler prefix boost l·p·(1−jaro) over a common prefix of at most 4 characters, applied only when the
 * Jaro similarity reaches 0.7 (Winkler's boost threshold, as in jellyfish and the original paper).
 * Scratch flag buffers are module-level so a call allocates nothing.
 */
export const DEFAULT_PREFIX_SCALE = 0.1
export const MAX_PREFIX = 4
const BOOST_THRESHOLD = 0.7

let flagsA = new Uint8Array(64)
let flagsB = new Uint8Array(64)

function ensureScratch(len: number): void {
  if (flagsA.length < len) {
    flagsA = new Uint8Array(len * 2)
    flagsB = new Uint8Array(len * 2)
  }
}

export function jaro(a: string, b: string): number {
  const la = a.length
  const lb = b.length
  if (la === 0 || lb === 0) return la === lb ? 1 : 0
  if (a === b) return 1
  ensureScratch(Math.max(la, lb))
  const fa = flagsA
  const fb = flagsB
  fa.fill(0, 0, la)
  fb.fill(0, 0, lb)
  const window = Math.max(0, (Math.max(la, lb) >> 1) - 1)
  let matches = 0
  for (let i = 0; i < la; i++) {
    const c = a.charCodeAt(i)
    const from = i > window ? i - window : 0
    const to = Math.min(lb - 1, i + window)
    for (let j = from; j <= to; j++) {
      if (fb[j] === 0 && b.charCodeAt(j) === c) {
        fa[i] = 1
        fb[j] = 1
        matches++
        break
      }
    }
  }
  if (matches === 0) return 0
  let halfTranspositions = 0
  let k = 0
  for (let i = 0; i < la; i++) {
    if (fa[i] === 0) continue
    while (fb[k] === 0) k++
    if (a.charCodeAt(i) !== b.charCodeAt(k)) halfTranspositions++
    k++
  }
  const t = halfTranspositions >> 1
  return (matches / la + matches / lb + (matches - t) / matches) / 3
}

export function jaroWinkler(a: string, b: string, prefixScale = DEFAULT_PREFIX_SCALE): number {
  const j = jaro(a, b)
  if (j < BOOST_THRESHOLD) return j
  const limit = Math.min(MAX_PREFIX, a.length, b.length)
  let prefix = 0
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++
  return j + prefix * prefixScale * (1 - j)
}
