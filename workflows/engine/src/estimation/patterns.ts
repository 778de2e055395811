/**
 * Comparison vectors (γ) of candidate pairs, counted by distinct pattern as fastLink does: EM then costs one
 * pass over the distinct patterns per iteration, not over the pairs. γ_k is the level of field k: −1 missing
 * (a value absent on either side; it contributes to neither likelihood), 0 disagree, 1…L−1 agreement levels.
 */

export const MISSING_LEVEL = -1

export class PatternCounts {
  private readonly index = new Map<number, number>()
  /** Distinct patterns, `fields` levels each, row after row. */
  private levels: Int8Array
  private counts: Float64Array
  private size = 0

  /** `levelCounts[k]` = L_k, the number of levels of field k (2 for agree/disagree). */
  constructor(readonly levelCounts: readonly number[]) {
    if (levelCounts.length === 0) throw new Error('a pattern needs at least one field')
    for (const l of levelCounts) if (!(Number.isInteger(l) && l >= 2 && l <= 100)) throw new Error('a field needs 2 to 100 levels')
    // The key is γ in mixed radix (L_k + 1 per field); it must stay an exact double.
    let span = 1
    for (const l of levelCounts) span *= l + 1
    if (span > Number.MAX_SAFE_INTEGER) throw new Error('too many fields for one pattern key')
    this.levels = new Int8Array(16 * levelCounts.length)
    this.counts = new Float64Array(16)
  }

  get fields(): number { return this.levelCounts.length }
  get distinct(): number { return this.size }

  /** Adds `count` pairs of pattern `gamma` (one level per field). */
  add(gamma: ArrayLike<number>, count = 1): void {
    const k = this.fields
    let key = 0
    for (let f = 0; f < k; f++) {
      const g = gamma[f]!
      if (!(g >= MISSING_LEVEL && g < this.levelCounts[f]!)) throw new Error(`level ${g} out of range for field ${f}`)
      key = key * (this.levelCounts[f]! + 1) + (g + 1)
    }
    let row = this.index.get(key)
    if (row === undefined) {
      row = this.size++
      if (row === this.counts.length) this.grow()
      for (let f = 0; f < k; f++) this.levels[row * k + f] = gamma[f]!
      this.index.set(key, row)
    }
    this.counts[row]! += count
  }

  level(row: number, field: number): number { return this.levels[row * this.fields + field]! }
  count(row: number): number { return this.counts[row]! }

  get total(): number {
    let sum = 0
    for (let r = 0; r < this.size; r++) sum += this.counts[r]!
    return sum
  }

  private grow(): void {
    const counts = new Float64Array(this.counts.length * 2)
    counts.set(this.counts)
    this.counts = counts
    const levels = new Int8Array(this.levels.length * 2)
    levels.set(this.levels)
    this.levels = levels
  }
}
