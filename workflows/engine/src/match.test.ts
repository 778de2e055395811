import t from 'tap'
import { RecordTable } from './columnar/record-table.js'
import { linkInMemory } from './link.js'
import { Matcher, matchRecords } from './match.js'
import { DETERMINISTIC_SCORE } from './scoring/strategy-scorer.js'
import { jobStats, linkageReport } from './stats/linkage-stats.js'
import type { StrategySpec } from './types.js'
import { DEFAULT_COLUMNS, defaultStrategies } from './default-strategies.js'
import { syntheticPeople } from './synthetic/generate.js'
import { syntheticTable } from './synthetic/table.js'

const table = RecordTable.fromRows([
  { id: 'a', name: 'ann', city: 'x' }, { id: 'a', name: 'ann', city: 'y' }, { id: 'b', name: 'ann', city: 'x' },
  { id: 'c', name: 'bob', city: 'x' }, { id: '', name: 'bob', city: '' },
], ['id', 'name', 'city'].map(name => ({ name, kind: 'text' as const })))

const cityAgrees = { field: 'city', comparison: { type: 'Exact' as const }, m: 0.9, u: 0.1 } // ±3.17
const strategies: StrategySpec[] = [
  { name: 'by name', order: 2, isActive: true, threshold: 0, blockingFields: [{ field: 'name', matchEmpty: false }],
    matchingFields: [cityAgrees] },
  { name: 'by id', order: 1, isActive: true, threshold: 0, blockingFields: [{ field: 'id', matchEmpty: false }],
    matchingFields: [] },
  { name: 'inactive', order: 0, isActive: false, threshold: -100, blockingFields: [{ field: 'city', matchEmpty: true }],
    matchingFields: [] },
]

t.test('strategies run in order, only active ones; kept pairs are not generated again', async tt => {
  const result = matchRecords(table, strategies)
  tt.same(result.strategies.map(s => s.name), ['by id', 'by name'])
  const pairs = Array.from({ length: result.pairs.length }, (_, k) =>
    `${result.pairs.left[k]}-${result.pairs.right[k]}:${result.pairs.strategy[k]}:${result.pairs.score[k]!.toFixed(2)}`)
  // by id: 0-1 deterministic. by name: 0-1 skipped (kept), 0-2 city agrees, 1-2 disagrees (below 0), 3-4 city empty (0).
  tt.same(pairs, [`0-1:0:${DETERMINISTIC_SCORE}`, '0-2:1:3.17', '3-4:1:0.00'])
  tt.same(result.runs.map(r => [r.name, r.deterministic, r.pairsCreated, r.pairsKept, r.pairsAlreadyLinked]),
    [['by id', true, 1, 1, 0], ['by name', false, 3, 2, 1]])
  tt.equal(result.recordsNotBlocked, 0, 'record 4 has no id but is blocked by name')
  tt.same(result.histogram.toJSON().deterministic, 1)
  tt.same(result.scorers[1]!.explain(0, 2), [{ field: 'city', weight: Math.log2(9) }])
})

const pairList = (result: ReturnType<typeof matchRecords>) => Array.from({ length: result.pairs.length }, (_, k) =>
  `${result.pairs.left[k]}-${result.pairs.right[k]}:${result.strategies[result.pairs.strategy[k]!]!.name}:${result.pairs.score[k]}`)

t.test('partitions of the blocks together keep exactly the pairs of the whole table, each once', async tt => {
  const big = syntheticTable(4000, 3)
  // The defaults, then a cap so low that most blocks are large and compared by windows: partitions decide "kept by
  // an earlier strategy" from the earlier windows (kept-earlier.ts), the whole table from the pairs it kept.
  for (const neighbourhood of [undefined, { blockCap: 3, window: 2 }]) {
    const specs = defaultStrategies().map((s) => (neighbourhood ? { ...s, neighbourhood } : s))
    const whole = matchRecords(big, specs)
    for (const count of [2, 3]) {
      const parts = Array.from({ length: count }, (_, index) => matchRecords(big, specs, { partition: { index, count } }))
      tt.same(parts.flatMap(pairList).sort(), pairList(whole).sort(), `${count} partitions: the same pairs, strategies and scores`)
      tt.same(whole.runs.map((r, s) => parts.reduce((n, p) => n + p.runs[s]!.pairsCreated, 0)), whole.runs.map((r) => r.pairsCreated), 'the same candidate pairs per strategy')
    }
    tt.ok(whole.runs.slice(1).some((r) => r.pairsAlreadyLinked > 0), 'later strategies did meet pairs kept earlier')
    if (neighbourhood) tt.ok(whole.runs.every((r) => r.largeBlocks.blocks > 0), 'every strategy had large blocks')
  }
})

t.test('steps are slices of about slicePairs pairs, and slicing changes no pair', async tt => {
  const people = [...syntheticPeople({ records: 3000, seed: 5 })]
  const rows = people.map((p) => ({ surname: p.surname.toLowerCase(), givenName: p.givenName.toLowerCase(), dateOfBirth: p.dateOfBirth,
    doby: p.dateOfBirth.slice(0, 4) }))
  const big = RecordTable.fromRows(rows, DEFAULT_COLUMNS.filter((c) => c.name in rows[0]!))
  const names = [{ field: 'surname', comparison: { type: 'Exact' as const }, m: 0.9, u: 0.01 }, { field: 'givenName', comparison: { type: 'Exact' as const }, m: 0.9, u: 0.01 }]
  const specs: StrategySpec[] = [
    { name: 'year', order: 1, isActive: true, threshold: 5, blockingFields: [{ field: 'doby', matchEmpty: false }], matchingFields: names },
    { name: 'surname', order: 2, isActive: true, threshold: 0, blockingFields: [{ field: 'surname', matchEmpty: false }],
      matchingFields: [{ field: 'dateOfBirth', comparison: { type: 'Exact' }, m: 0.9, u: 0.001 }] },
  ]
  const whole = matchRecords(big, specs)
  const slice = 1_000
  const sliced = new Matcher(big, specs, { slicePairs: slice })
  let steps = 0
  while (sliced.step()) steps++
  const result = sliced.result()
  tt.same(pairList(result), pairList(whole), 'the same pairs, in the same order, with the same scores')
  tt.same(result.runs, whole.runs, 'the same figures per strategy')
  // A slice ends after the block that reaches `slice` pairs, so it holds fewer than slice + the largest block's pairs.
  const sizes = new Map<string, number>()
  for (const r of rows) sizes.set(r.doby, (sizes.get(r.doby) ?? 0) + 1)
  const largest = Math.max(...[...sizes.values()].map((n) => (n * (n - 1)) / 2))
  const yearPairs = whole.runs[0]!.pairsCreated
  tt.ok(steps >= Math.ceil(yearPairs / (slice + largest)) + specs.length, `${yearPairs} pairs of the year strategy (largest block ${largest}) in at least ${Math.ceil(yearPairs / (slice + largest))} slices: ${steps} steps in all`)
  let unsliced = 0
  const defaults = new Matcher(big, specs)
  while (defaults.step()) unsliced++
  tt.equal(unsliced, specs.length, 'under the default slice each strategy here is one step')
})

t.test('linkInMemory: groups, keys, review flags and the report', async tt => {
  const result = linkInMemory(table, strategies, { groupStrategy: 'MergeInMemory', nextKeyNumber: 100,
    eventTypeOf: Int32Array.of(1, 1, 2, 2, 2), authoritativeEventTypes: new Set([1]) })
  tt.same([...result.keys.keyOf], [100, 100, 100, 101, 101])
  tt.same(result.review, [100], 'records 0 and 1 come from the authoritative event type')
  const report = linkageReport(result, table.size)
  tt.equal(report.groupsNew, 2)
  tt.equal(report.groupsForReview, 1)
  tt.same(report.strategies[1]!.topBlockingValues[0], { values: ['ann'], records: 3, pairs: 2 })
  const stats = jobStats(report)
  tt.same(stats.find(s => s.name === 'by name: pairs kept'), { name: 'by name: pairs kept', value: '2' })
  tt.same(stats.find(s => s.name === 'Records used'), { name: 'Records used', value: '5' })
})
