/** Int32s per value in `masks`: ≥ 1, ≥ 2, ≥ 3 occurrences of each bucket, then occurrences beyond three. */
const STRIDE = 4

/**
 * Per distinct value, which characters it holds and how often, folded into 32 buckets (code mod 32) and kept as
 * bitmasks "bucket occurs ≥ k times" for k = 1, 2, 3 plus a count of occurrences beyond that. From them
 * `commonUpperBound` reads an upper bound on the characters two values share, Σ_c min(countA(c), countB(c)),
 * in a few operations: folding can only raise the sum, so the bound stays valid. The string comparators' cheap
 * bounds (jaro-winkler-bound.ts, levenshtein-bound.ts) start from it.
 */
export class CharacterCounts {
  /**
   * Per value, 16 bytes side by side: the three masks and the overflow count. A column of many distinct values
   * (addresses) does not fit in cache, and four arrays cost a cache miss each per value read.
   */
  private readonly masks: Int32Array
  readonly lengths: Int32Array

  constructor(values: readonly string[]) {
    const n = values.length
    const masks = this.masks = new Int32Array(n * STRIDE)
    this.lengths = new Int32Array(n)
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
      masks[at + 3] = over
      this.lengths[v] = s.length
    }
  }

  /** An upper bound on the characters values a and b have in common (as multisets), at most the shorter length. */
  commonUpperBound(a: number, b: number): number {
    const masks = this.masks, x = a * STRIDE, y = b * STRIDE
    let m = popcount(masks[x]! & masks[y]!) + popcount(masks[x + 1]! & masks[y + 1]!) +
      popcount(masks[x + 2]! & masks[y + 2]!) + Math.min(masks[x + 3]!, masks[y + 3]!)
    const la = this.lengths[a]!, lb = this.lengths[b]!
    if (m > la) m = la
    if (m > lb) m = lb
    return m
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}
