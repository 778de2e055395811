/**
 * Per distinct value, which characters it holds and how often, folded into 32 buckets (code mod 32) and kept as
 * bitmasks "bucket occurs ≥ k times" for k = 1, 2, 3 plus a count of occurrences beyond that. From them
 * `commonUpperBound` reads an upper bound on the characters two values share, Σ_c min(countA(c), countB(c)),
 * in a few operations: folding can only raise the sum, so the bound stays valid. The string comparators' cheap
 * bounds (jaro-winkler-bound.ts, levenshtein-bound.ts) start from it.
 */
export class CharacterCounts {
  private readonly atLeast1: Int32Array
  private readonly atLeast2: Int32Array
  private readonly atLeast3: Int32Array
  private readonly overflow: Int32Array
  readonly lengths: Int32Array

  constructor(values: readonly string[]) {
    const n = values.length
    this.atLeast1 = new Int32Array(n); this.atLeast2 = new Int32Array(n); this.atLeast3 = new Int32Array(n)
    this.overflow = new Int32Array(n); this.lengths = new Int32Array(n)
    const counts = new Uint8Array(32)
    for (let v = 0; v < n; v++) {
      const s = values[v]!
      counts.fill(0)
      let over = 0
      for (let i = 0; i < s.length; i++) {
        const bucket = s.charCodeAt(i) & 31
        const c = ++counts[bucket]!
        if (c === 1) this.atLeast1[v]! |= 1 << bucket
        else if (c === 2) this.atLeast2[v]! |= 1 << bucket
        else if (c === 3) this.atLeast3[v]! |= 1 << bucket
        else over++
        if (c === 255) counts[bucket] = 254 // saturate; long runs only add to `over`
      }
      this.overflow[v] = over
      this.lengths[v] = s.length
    }
  }

  /** An upper bound on the characters values a and b have in common (as multisets), at most the shorter length. */
  commonUpperBound(a: number, b: number): number {
    let m = popcount(this.atLeast1[a]! & this.atLeast1[b]!) + popcount(this.atLeast2[a]! & this.atLeast2[b]!) +
      popcount(this.atLeast3[a]! & this.atLeast3[b]!) + Math.min(this.overflow[a]!, this.overflow[b]!)
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
