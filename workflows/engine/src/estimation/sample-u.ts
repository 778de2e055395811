/**
 * u from random record pairs (Splink's `estimate_u_using_random_sampling`): nearly every random pair is a
 * non-match, so the share of random pairs on which a field agrees is its u. Pairs are drawn uniformly with
 * replacement from all records (incoming and existing) by a seeded PRNG, so the same data and seed give the
 * same u. Counts are add-one smoothed per level, (n_l + 1) / (n + L), so a field that never agrees in the
 * sample gets a small u, not 0 (an infinite weight).
 */
import type { RecordTable } from '../columnar/record-table.js'
import { Prng } from '../synthetic/prng.js'
import type { FieldLevels } from './levels.js'

export const DEFAULT_U_SAMPLE_PAIRS = 200_000
export const DEFAULT_SEED = 1

export interface SampledU {
  /** Per field, the smoothed probability of each level among random pairs. */
  u: number[][]
  /** Per field, how many sampled pairs had a value on both sides, and how many of those agreed. */
  observed: number[]
  agreed: number[]
  pairsSampled: number
}

export function sampleU(table: RecordTable, fields: readonly FieldLevels[], options: { pairs?: number; seed?: number } = {}): SampledU {
  const n = table.size
  const rng = new Prng(options.seed ?? DEFAULT_SEED)
  const pairs = n < 2 ? 0 : Math.max(0, Math.floor(options.pairs ?? DEFAULT_U_SAMPLE_PAIRS))
  const counts = fields.map(f => new Float64Array(f.levels))
  for (let s = 0; s < pairs; s++) {
    const i = rng.int(n)
    let j = rng.int(n - 1)
    if (j >= i) j++
    for (let k = 0; k < fields.length; k++) {
      const g = fields[k]!.level(i, j)
      if (g >= 0) counts[k]![g]!++
    }
  }
  const observed = counts.map(c => c.reduce((a, b) => a + b, 0))
  return {
    u: counts.map((c, k) => Array.from(c, x => (x + 1) / (observed[k]! + c.length))),
    observed,
    agreed: counts.map(c => c.length > 1 ? c.reduce((a, b, l) => a + (l > 0 ? b : 0), 0) : 0),
    pairsSampled: pairs,
  }
}
