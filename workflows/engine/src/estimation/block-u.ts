/**
 * u within a strategy's blocks. u from random record pairs (sample-u.ts) is the chance that two strangers agree
 * on a field; but a strategy only ever scores strangers who share its blocking values, and a field that goes with
 * those values agrees among them far more often: two people whose given names share a Soundex code are nearly
 * always of one sex (0.89–0.93 among a million held-out people's candidate pairs, against 0.5 for random pairs).
 * With u fixed at 0.5, EM can only explain that agreement with matches, and settled on λ 0.80 for *Surname and
 * given name*, its "matches" being the pairs of one sex.
 *
 * So each strategy also draws random pairs from inside its blocks, uniformly over the pairs a linkage could
 * compare there (both records in one block, at least one incoming; whichever the windows compare). Some are
 * matches: λ_B, their share, is EM's expected matches over those pairs. A field counts as going with the blocking
 * when its agreement in the sample, less the most the matches could add (all of them agreeing), is still above
 * the random-pair u by more than sampling noise (Z_MIN standard errors); so matches alone, however well they
 * agree, never make a field look dependent, even when EM has settled on a wrong λ. For such a field the
 * strategy's own u is the sample's rate less the matches' share at EM's m, and EM runs again with it (estimate.ts
 * repeats this until the rows settle). Blocks that are mostly matches (λ_B over MAX_BLOCK_MATCH_SHARE, an address
 * strategy's, say) say little about strangers, so their fields keep the random-pair u.
 */
import type { Blocks } from '../blocking/blocks.js'
import { Prng } from '../synthetic/prng.js'
import type { LevelProbabilities } from './em.js'
import type { FieldLevels } from './levels.js'

export const DEFAULT_BLOCK_U_SAMPLE_PAIRS = 200_000
/** Above this share of matches among the within-block pairs, the sample says more about matches than strangers. */
export const MAX_BLOCK_MATCH_SHARE = 0.5
/** How far above the random-pair u (in standard errors of the within-block rate) counts as the blocking's doing. */
export const Z_MIN = 4

export interface BlockSample {
  /** Pairs inside the blocks with at least one incoming record: what a linkage could compare. */
  withinBlockPairs: number
  pairsSampled: number
  /** Per field, how many sampled pairs fell on each level (missing values left out). */
  counts: Float64Array[]
  observed: number[]
}

/**
 * Random pairs drawn uniformly from the pairs inside the strategy's blocks that hold an incoming record (all of
 * them on a first load), seeded: a block by its share of such pairs, then an incoming member and any other; a pair
 * of two incoming records can be drawn from either end, so it is kept half the time.
 */
export function sampleBlockPairs(blocks: Blocks, fields: readonly FieldLevels[], isNew: Uint8Array | null,
  options: { pairs?: number; seed?: number } = {}): BlockSample {
  const { members, starts, count } = blocks
  // Each block's incoming members first, in place of a copy of members: positions within the block.
  const incoming = new Int32Array(members.length), fresh = new Int32Array(count)
  const cumulative = new Float64Array(count + 1)
  for (let b = 0; b < count; b++) {
    const from = starts[b]!, size = starts[b + 1]! - from
    let f = 0
    for (let k = 0; k < size; k++) if (isNew === null || isNew[members[from + k]!] === 1) incoming[from + f++] = k
    fresh[b] = f
    cumulative[b + 1] = cumulative[b]! + (f * (f - 1)) / 2 + f * (size - f)
  }
  const withinBlockPairs = cumulative[count]!
  const counts = fields.map((f) => new Float64Array(f.levels))
  const pairs = withinBlockPairs > 0 ? Math.max(0, Math.floor(options.pairs ?? DEFAULT_BLOCK_U_SAMPLE_PAIRS)) : 0
  const rng = new Prng(options.seed ?? 1)
  for (let s = 0; s < pairs;) {
    const b = blockAt(cumulative, rng.next() * withinBlockPairs)
    const from = starts[b]!, size = starts[b + 1]! - from
    const a = incoming[from + rng.int(fresh[b]!)]!
    let c = rng.int(size - 1)
    if (c >= a) c++
    const i = members[from + a]!, j = members[from + c]!
    if ((isNew === null || isNew[j] === 1) && rng.next() < 0.5) continue
    s++
    for (let k = 0; k < fields.length; k++) {
      const g = fields[k]!.level(i, j)
      if (g >= 0) counts[k]![g]!++
    }
  }
  return { withinBlockPairs, pairsSampled: pairs, counts, observed: counts.map((c) => c.reduce((x, y) => x + y, 0)) }
}

/** The block whose cumulative pair range holds `at` (blocks without pairs hold none). */
function blockAt(cumulative: Float64Array, at: number): number {
  let lo = 0, hi = cumulative.length - 2
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (cumulative[mid]! <= at) lo = mid; else hi = mid - 1
  }
  return lo
}

/**
 * Per field, the strategy's own u row (levels as FieldLevels: 0 disagree, 1 top, 2… lower), or null where the
 * random-pair u stands. λ_B = expectedMatches / withinBlockPairs; a field has its own row when λ_B ≤
 * MAX_BLOCK_MATCH_SHARE and its agreement (all agreeing levels) in the sample, less λ_B (every match agreeing), is
 * above the random u's by more than Z_MIN standard errors. The row is the sample's rates less λ_B·m, add-one
 * smoothed like the random ones, summing to 1.
 */
export function blockConditionedU(sample: BlockSample, randomU: LevelProbabilities, m: LevelProbabilities, expectedMatches: number): (number[] | null)[] {
  const share = sample.withinBlockPairs > 0 ? Math.min(1, expectedMatches / sample.withinBlockPairs) : 1
  return randomU.map((random, k) => {
    const n = sample.observed[k]!
    if (share > MAX_BLOCK_MATCH_SHARE || n === 0) return null
    const levels = random.length, c = sample.counts[k]!
    const rate = (l: number) => (c[l]! + 1) / (n + levels)
    const agreeRate = 1 - rate(0)
    const agreeRandom = 1 - random[0]!
    const leastStrangers = (agreeRate - share) / (1 - share)
    const standardError = Math.sqrt(agreeRate * (1 - agreeRate) / n) / (1 - share)
    if (!(leastStrangers - agreeRandom > Z_MIN * standardError)) return null
    const floor = 1 / (n + levels)
    const row = random.map((_, l) => l === 0 ? 0 : Math.max(floor, (rate(l) - share * m[k]![l]!) / (1 - share)))
    row[0] = Math.max(floor, 1 - row.reduce((a, b) => a + b, 0))
    const sum = row.reduce((a, b) => a + b, 0)
    return row.map((p) => p / sum)
  })
}
