import t from 'tap'
import { buildBlocks } from '../blocking/blocks.js'
import { RecordTable } from '../columnar/record-table.js'
import { Prng } from '../synthetic/prng.js'
import type { MatchingFieldSpec, StrategySpec } from '../types.js'
import { blockConditionedU, sampleBlockPairs, type BlockSample } from './block-u.js'
import { estimateParameters } from './estimate.js'
import { FieldLevels } from './levels.js'

const exact = (field: string, m = 0.9, u = 0.1): MatchingFieldSpec => ({ field, comparison: { type: 'Exact' }, m, u })
const COLUMNS = ['name', 'sex', 'dob', 'town', 'street'].map((name) => ({ name, kind: 'text' as const }))

t.test('the sample draws every within-block pair alike, and with existing records only pairs holding an incoming one', async (tt) => {
  // Blocks {0,1,2} and {3,4}: four pairs; "same" agrees only for 0–1.
  const table = RecordTable.fromRows(['a', 'a', 'a', 'b', 'b'].map((block, i) => ({ block, same: i < 2 ? 'x' : String(i) })),
    [{ name: 'block', kind: 'text' }, { name: 'same', kind: 'text' }])
  const blocks = buildBlocks(table, [{ field: 'block', matchEmpty: false }])
  const same = new FieldLevels(exact('same'), table)
  const all = sampleBlockPairs(blocks, [same], null, { pairs: 40_000, seed: 3 })
  tt.equal(all.withinBlockPairs, 4)
  tt.equal(all.pairsSampled, 40_000)
  tt.ok(Math.abs(all.counts[0]![1]! / 40_000 - 0.25) < 0.01, `0–1 is a quarter of the pairs: ${all.counts[0]![1]}`)

  // Only record 3 incoming: the pairs holding it are 3–4 alone.
  const later = RecordTable.fromRows(['a', 'a', 'a', 'b', 'b'].map((block, i) => ({ block, same: i < 2 ? 'x' : String(i) })),
    [{ name: 'block', kind: 'text' }, { name: 'same', kind: 'text' }], [false, false, false, true, false])
  const one = sampleBlockPairs(buildBlocks(later, [{ field: 'block', matchEmpty: false }]), [new FieldLevels(exact('same'), later)], later.isNew, { pairs: 1000 })
  tt.equal(one.withinBlockPairs, 1)
  tt.same([one.counts[0]![0], one.counts[0]![1]], [1000, 0])
})

const sample = (agreeing: number, n: number, withinBlockPairs = 1e8): BlockSample =>
  ({ withinBlockPairs, pairsSampled: n, counts: [Float64Array.of(n - agreeing, agreeing)], observed: [n] })

t.test('own u where strangers in the blocks agree more than random pairs do, and only then', async (tt) => {
  const random = [[0.5, 0.5]], m = [[0.05, 0.95]]
  // 90 % agree inside blocks, a million matches among 10^8 pairs: strangers agree about 0.9, not 0.5.
  const [own] = blockConditionedU(sample(180_000, 200_000), random, m, 1e6)
  tt.ok(own && Math.abs(own[1]! - 0.899) < 0.002, `own u ${own?.[1]}`)
  tt.ok(Math.abs(own!.reduce((a, b) => a + b, 0) - 1) < 1e-12, 'the row sums to 1')
  // Agreement at the random rate: no own row.
  tt.same(blockConditionedU(sample(100_300, 200_000), random, m, 1e6), [null])
  // Blocks that are mostly matches say little about strangers.
  tt.same(blockConditionedU(sample(199_000, 200_000, 1e6), random, m, 0.9e6), [null])
  // Matches alone never look like the blocking's doing: 30 % matches all agreeing, strangers at the random rate.
  const rare = [[0.999, 0.001]]
  const agreeing = Math.round(200_000 * (0.3 + 0.7 * 0.001))
  tt.same(blockConditionedU(sample(agreeing, 200_000, 1e6), rare, [[0, 1]], 0.3e6), [null])
  // …even when EM says there are fewer matches than there are: with m = 1 as the worst case, EM's share must be
  // under the truth by more than noise before a field is taken for dependent.
  tt.same(blockConditionedU(sample(agreeing, 200_000, 1e6), rare, [[0.1, 0.9]], 0.299e6), [null])
})

/**
 * People whose sex goes with their name (as given names do), blocked on the name: with the random-pair u of sex
 * (0.5) EM explains same-sex pairs as matches.
 */
function namesTable(records: number): { table: RecordTable; duplicates: number } {
  const rng = new Prng(11)
  const rows: Record<string, string>[] = []
  let duplicates = 0
  while (rows.length < records - 1) {
    // Half the people share 40 common names (blocks of about 250, over the cap), half 400 rare ones (about 25).
    const name = rng.chance(0.5) ? `n${rng.int(40)}` : `r${rng.int(400)}`
    const person = { name, sex: Number(name.slice(1)) % 2 ? 'f' : 'm', dob: String(rng.int(20_000)), town: `t${rng.int(400)}`, street: `s${rng.int(2000)}` }
    rows.push(person)
    if (rng.chance(0.3) && ++duplicates) {
      const moved = rng.chance(0.3)
      rows.push({ ...person, dob: rng.chance(0.2) ? String(rng.int(20_000)) : person.dob, town: moved ? `t${rng.int(400)}` : person.town, street: moved ? `s${rng.int(2000)}` : person.street })
    }
  }
  return { table: RecordTable.fromRows(rows, COLUMNS), duplicates }
}

t.test('a field that goes with the blocking gets the strategy\'s own u, and EM no longer takes it for matches', async (tt) => {
  const strategy: StrategySpec = { name: 'Name', order: 1, isActive: true, threshold: 10,
    blockingFields: [{ field: 'name', matchEmpty: false }],
    matchingFields: [exact('sex', 0.95, 0.5), exact('dob', 0.8, 0.001), exact('town', 0.7, 0.01), exact('street', 0.7, 0.02)] }
  const { table, duplicates } = namesTable(20_000)
  const result = estimateParameters(table, [strategy], { seed: 2 })
  const s = result.strategies[0]!
  const sex = s.fields.find((f) => f.field === 'sex')!
  tt.equal(sex.uSource, 'block')
  tt.ok(sex.u > 0.95, `sex u inside the name blocks ${sex.u.toFixed(4)} (random ${sex.uRandom?.toFixed(4)})`)
  tt.ok(Math.abs(sex.uRandom! - 0.5) < 0.02)
  for (const field of ['dob', 'town', 'street']) tt.equal(s.fields.find((f) => f.field === field)!.uSource, 'sample', `${field} keeps the random-pair u`)
  tt.ok(s.withinBlockPairs! > 1e6)
  tt.ok(s.expectedMatches! < 1.5 * duplicates && s.expectedMatches! > duplicates / 1.5, `EM's matches ${s.expectedMatches?.toFixed(0)} against ${duplicates} duplicates (λ ${s.lambda})`)
  const without = estimateParameters(table, [strategy], { seed: 2, blockUSamplePairs: 0 }).strategies[0]!
  tt.ok(without.lambda! > 0.9, `with the random-pair u of sex alone (no pairs drawn inside the blocks), λ ${without.lambda}`)
})
