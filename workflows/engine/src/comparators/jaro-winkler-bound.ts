/**
 * A cheap upper bound on Jaro–Winkler, so a threshold-gated comparison can skip the O(n·window) algorithm
 * for pairs that cannot reach the threshold (most candidate pairs in a block are non-matches).
 * Matching characters m ≤ Σ_c min(countA(c), countB(c)). Characters are folded into 32 buckets
 * (code mod 32); folding can only raise the sum, so the bound stays valid. The sum is read from bitmasks
 * "bucket occurs ≥ k times" for k = 1, 2, 3 plus, beyond that, the smaller of the two overflow counts.
 * With t = 0, jaro ≤ (m/|a| + m/|b| + 1)/3, and the Winkler boost is increasing in jaro, so applying the
 * real common prefix to that bound bounds JW.
 */
import { MAX_PREFIX } from './jaro-winkler.js'

export class JaroWinklerBound {
  private readonly atLeast1: Int32Array
  private readonly atLeast2: Int32Array
  private readonly atLeast3: Int32Array
  private readonly overflow: Int32Array
  private readonly lengths: Int32Array
  private readonly counts = new Uint8Array(32)

  constructor(private readonly values: readonly string[]) {
    const n = values.length
    this.atLeast1 = new Int32Array(n); this.atLeast2 = new Int32Array(n); this.atLeast3 = new Int32Array(n)
    this.overflow = new Int32Array(n); this.lengths = new Int32Array(n)
    const counts = this.counts
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

  /** An upper bound on jaroWinkler(values[a], values[b], prefixScale). */
  upperBound(a: number, b: number, prefixScale: number): number {
    const la = this.lengths[a]!, lb = this.lengths[b]!
    if (la === 0 || lb === 0) return la === lb ? 1 : 0
    let m = popcount(this.atLeast1[a]! & this.atLeast1[b]!) + popcount(this.atLeast2[a]! & this.atLeast2[b]!) +
      popcount(this.atLeast3[a]! & this.atLeast3[b]!) + Math.min(this.overflow[a]!, this.overflow[b]!)
    if (m > la) m = la
    if (m > lb) m = lb
    if (m === 0) return 0
    const jaro = (m / la + m / lb + 1) / 3
    const sa = this.values[a]!, sb = this.values[b]!
    const limit = Math.min(MAX_PREFIX, la, lb)
    let prefix = 0
    while (prefix < limit && sa.charCodeAt(prefix) === sb.charCodeAt(prefix)) prefix++
    return jaro + prefix * prefixScale * (1 - jaro)
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}
