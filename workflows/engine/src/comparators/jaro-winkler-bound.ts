/**
 * A cheap upper bound on Jaro–Winkler, so a threshold-gated comparison can skip the O(n·window) algorithm
 * for pairs that cannot reach the threshold (most candidate pairs in a block are non-matches).
 * Matching characters m ≤ Σ_c min(countA(c), countB(c)) (CharacterCounts.commonUpperBound).
 * With t = 0, jaro ≤ (m/|a| + m/|b| + 1)/3, and the Winkler boost is increasing in jaro, so applying the
 * real common prefix to that bound bounds JW.
 */
import { CharacterCounts } from './character-counts.js'
import { MAX_PREFIX } from './jaro-winkler.js'

export class JaroWinklerBound {
  private readonly counts: CharacterCounts

  constructor(private readonly values: readonly string[], counts: CharacterCounts = new CharacterCounts(values)) {
    this.counts = counts
  }

  /** An upper bound on jaroWinkler(values[a], values[b], prefixScale). */
  upperBound(a: number, b: number, prefixScale: number): number {
    return this.bound(a, b, prefixScale, true)
  }

  // The gates ask only whether a bound stays below their threshold. A boolean, unlike a fractional number
  // returned from a call the compiler does not inline, needs no heap allocation: per candidate pair, the
  // returned bound was 15 % of what matching allocated (architecture-and-scale.mdx).

  /** upperBound(a, b, prefixScale) < gate: the pair cannot reach the gate. */
  below(a: number, b: number, prefixScale: number, gate: number): boolean {
    return this.bound(a, b, prefixScale, true) < gate
  }

  /**
   * The same with a looser bound that takes the longest possible common prefix instead of reading the strings,
   * which lie scattered over the heap: for a memo's pre-check, where most pairs are rejected by character
   * counts alone.
   */
  belowWithoutPrefix(a: number, b: number, prefixScale: number, gate: number): boolean {
    return this.bound(a, b, prefixScale, false) < gate
  }

  private bound(a: number, b: number, prefixScale: number, readPrefix: boolean): number {
    const la = this.counts.lengthOf(a), lb = this.counts.lengthOf(b)
    if (la === 0 || lb === 0) return la === lb ? 1 : 0
    const m = this.counts.commonUpperBound(a, b)
    if (m === 0) return 0
    const jaro = (m / la + m / lb + 1) / 3
    const limit = Math.min(MAX_PREFIX, la, lb)
    if (!readPrefix) return jaro + limit * prefixScale * (1 - jaro)
    const sa = this.values[a]!, sb = this.values[b]!
    let prefix = 0
    while (prefix < limit && sa.charCodeAt(prefix) === sb.charCodeAt(prefix)) prefix++
    return jaro + prefix * prefixScale * (1 - jaro)
  }
}
