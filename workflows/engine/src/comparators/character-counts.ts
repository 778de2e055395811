/** Int32s per value in `masks`: ≥ 1, ≥ 2, ≥ 3 occurrences of each bucket, then the length and the occurrences beyond three. */
const STRIDE = 4
/** In the fourth Int32 a value's length takes the high 16 bits and its occurrences beyond three the low 16. */
const LONG = 0xffff

/**
 * Per distinct value, which characters it holds and how often, folded into 32 buckets (code mod 32) and kept as
 * bitmasks "bucket occurs ≥ k times" for k = 1, 2, 3 plus a count of occurrences beyond that. From them
 * `commonUpperBound` reads an upper bound on the characters two values share, Σ_c min(countA(c), countB(c)),
 * in a few operations: folding can only raise the sum, so the bound stays valid. The string comparators' cheap
 * bounds (jaro-winkler-bound.ts, levenshtein-bound.ts) start from it.
 */
export class CharacterCounts {
  /**
   * Per value, 16 bytes side by side: the three masks, then its length and overflow count packed in one Int32.
   * A column of many distinct values (addresses) does not fit in cache, and each separate array costs a cache
   * miss per value read: with the lengths in an array of their own, a bound read two lines per value.
   */
  private readonly masks: Int32Array
  /** Length and overflow count of the rare values of LONG characters or more, which do not fit the packed Int32. */
  private readonly long = new Map<number, { length: number; over: number }>()

  constructor(values: readonly string[]) {
    const n = values.length
    const masks = this.masks = new Int32Array(n * STRIDE)
    const counts = new Uint8Array(32)
    for (let v = 0; v < n; v++) {
      const s = values[v]!
      const at = v * STRIDE
      counts.fill(0)
      let over = 0
      for (let i = 0; i < s.length; i++) {
        const bucket = s.charCodeAt(i) & 31
        const c = ++counts[bucket]!
        if (c <= 3) masks[at + c - 1]! |= 1 << bucket
        else over++
        if (c === 255) counts[bucket] = 254 // saturate; long runs only add to `over`
      }
      // The overflow count never exceeds the length, so a length that fits makes both fit.
      if (s.length < LONG) masks[at + 3] = (s.length << 16) | over
      else { masks[at + 3] = -1; this.long.set(v, { length: s.length, over }) }
    }
  }

  /** The length of value v (in UTF-16 code units), from the same 16 bytes the bound reads. */
  lengthOf(v: number): number {
    const length = this.masks[v * STRIDE + 3]! >>> 16
    return length === LONG ? this.long.get(v)!.length : length
  }

  /** An upper bound on the characters values a and b have in common (as multisets), at most the shorter length. */
  commonUpperBound(a: number, b: number): number {
    const masks = this.masks, x = a * STRIDE, y = b * STRIDE
    const packedA = masks[x + 3]!, packedB = masks[y + 3]!
    if (packedA === -1 || packedB === -1) return this.commonUpperBoundOfLong(a, b)
    const la = packedA >>> 16, lb = packedB >>> 16
    const overA = packedA & LONG, overB = packedB & LONG
    let m = popcount(masks[x]! & masks[y]!) + popcount(masks[x + 1]! & masks[y + 1]!) +
      popcount(masks[x + 2]! & masks[y + 2]!) + (overA < overB ? overA : overB)
    if (m > la) m = la
    if (m > lb) m = lb
    return m
  }

  private commonUpperBoundOfLong(a: number, b: number): number {
    const masks = this.masks, x = a * STRIDE, y = b * STRIDE
    const of = (v: number, packed: number) => packed === -1 ? this.long.get(v)! : { length: packed >>> 16, over: packed & LONG }
    const A = of(a, masks[x + 3]!), B = of(b, masks[y + 3]!)
    const m = popcount(masks[x]! & masks[y]!) + popcount(masks[x + 1]! & masks[y + 1]!) +
      popcount(masks[x + 2]! & masks[y + 2]!) + Math.min(A.over, B.over)
    return Math.min(m, A.length, B.length)
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}
