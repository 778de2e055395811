/**
 * A cheap lower bound on the Levenshtein distance, so a bounded comparison can skip the dynamic programme for
 * pairs certainly farther apart than its maximum (most pairs of distinct postcodes in a block). An alignment with
 * d edits pairs at least max(|a|, |b|) − d characters identically, so d ≥ max(|a|, |b|) − common, with common
 * bounded from above by CharacterCounts.
 */
import type { CharacterCounts } from './character-counts.js'

export class LevenshteinBound {
  constructor(private readonly counts: CharacterCounts) {}

  /** A lower bound on the edit distance between values a and b. */
  lowerBound(a: number, b: number): number {
    const la = this.counts.lengthOf(a), lb = this.counts.lengthOf(b)
    return (la > lb ? la : lb) - this.counts.commonUpperBound(a, b)
  }
}
