import t from 'tap'
import { RecordTable } from '../columnar/record-table.js'
import { Prng } from '../synthetic/prng.js'
import type { MatchingFieldSpec } from '../types.js'
import { buildBlocks } from './blocks.js'
import { generateCandidates } from './candidates.js'
import { blockWindows, inWindow, neighbourhoodProblems, sortFieldsOf, windowPairCount } from './neighbourhood.js'

const text = (name: string) => ({ name, kind: 'text' as const })

/**
 * A random table: `key` blocks it into a few large blocks and some small ones; `fixed` holds one value per block
 * (as a date of birth inside a date-of-birth block), `near` and `far` are sort fields with few values, empties
 * among them, and a share of the records is incoming.
 */
function randomTable(seed: number, size: number, incoming: number | null) {
  const rng = new Prng(seed)
  const letters = ['', 'a', 'ab', 'b', 'ba', 'c', 'cb', 'z']
  const key: string[] = [], fixed: string[] = [], near: string[] = [], far: string[] = []
  for (let i = 0; i < size; i++) {
    const k = rng.chance(0.7) ? `k${rng.int(3)}` : `s${rng.int(40)}`
    key.push(k); fixed.push(`f-${k}`)
    near.push(rng.pick(letters)); far.push(rng.chance(0.2) ? 'same' : rng.pick(letters))
  }
  const isNew = incoming === null ? undefined : Uint8Array.from(key, () => (rng.chance(incoming) ? 1 : 0))
  return RecordTable.fromColumns({ key, fixed, near, far }, ['key', 'fixed', 'near', 'far'].map(text), isNew)
}

/** The definition, brute force: sort each large block by its first two sort fields that vary in it, pair records that are close in either order. */
function expectedPairs(table: RecordTable, blockCap: number, window: number, sortFields: string[]): string[] {
  const byKey = new Map<string, number[]>()
  for (let i = 0; i < table.size; i++) {
    const k = table.column('key').value(i)
    byKey.set(k, [...(byKey.get(k) ?? []), i])
  }
  const pairs: string[] = []
  const isNew = (i: number) => !table.isNew || table.isNew[i] === 1
  for (const members of byKey.values()) {
    const close = (i: number, j: number, orders: number[][]) => orders.some((o) => Math.abs(o.indexOf(i) - o.indexOf(j)) < window)
    const varying = sortFields.filter((f) => new Set(members.map((i) => table.column(f).value(i))).size > 1).slice(0, 2)
    const orders = members.length <= blockCap ? [] : varying.length === 0 ? [[...members]] : varying.map((f) => [...members].sort((x, y) => {
      const a = table.column(f).value(x), b = table.column(f).value(y)
      return a < b ? -1 : a > b ? 1 : x - y
    }))
    for (const i of members) for (const j of members) {
      if (i >= j || (!isNew(i) && !isNew(j))) continue
      if (members.length <= blockCap || close(i, j, orders)) pairs.push(`${i}-${j}`)
    }
  }
  return pairs.sort()
}

t.test('a large block makes exactly the pairs close in either sort order, each once', async (t) => {
  const sortFields = ['fixed', 'near', 'far']
  for (const [seed, incoming] of [[1, null], [2, 0.3], [3, 0.05], [4, 1]] as const) {
    for (const [blockCap, window] of [[10, 2], [20, 4], [1000, 3]] as const) {
      const table = randomTable(seed, 400, incoming)
      const neighbourhood = { blockCap, window, sortFields }
      const made: string[] = []
      const stats = generateCandidates(table, [{ field: 'key', matchEmpty: false }], (l, r, n) => {
        for (let k = 0; k < n; k++) made.push(`${l[k]}-${r[k]}`)
      }, { neighbourhood, chunkPairs: 64 })
      const label = `seed ${seed}, incoming ${incoming ?? 'all'}, cap ${blockCap}, window ${window}`
      t.equal(new Set(made).size, made.length, `${label}: no pair twice`)
      t.same(made.sort(), expectedPairs(table, blockCap, window, sortFields), `${label}: the pairs of the definition`)
      t.equal(stats.pairsCreated, made.length, `${label}: counted`)
      t.equal(stats.largeBlocks.pairsCreated <= stats.largeBlocks.pairsIfWhole, true, `${label}: windows make no more than the whole`)
      // Partitions split the large blocks' pairs too, each pair in one partition.
      const parts = [0, 1, 2].flatMap((index) => {
        const pairs: string[] = []
        generateCandidates(table, [{ field: 'key', matchEmpty: false }], (l, r, n) => {
          for (let k = 0; k < n; k++) pairs.push(`${l[k]}-${r[k]}`)
        }, { neighbourhood, partition: { index, count: 3 } })
        return pairs
      })
      t.same(parts.sort(), made, `${label}: three partitions make the same pairs`)
    }
  }
})

t.test('windows: positions only in large blocks; a field constant in the block is passed over', async (t) => {
  const table = randomTable(7, 300, null)
  const blocks = buildBlocks(table, [{ field: 'key', matchEmpty: false }])
  const windows = blockWindows(table, blocks, { blockCap: 30, window: 3, sortFields: ['fixed', 'near'] })
  t.ok(windows.largeBlocks >= 3 && windows.largeRecords > 150, `${windows.largeBlocks} large blocks, ${windows.largeRecords} records`)
  // `fixed` never varies inside a block, so each large block is sorted by `near` alone and has no second order.
  for (let b = 0; b < blocks.count; b++) {
    const members = [...blocks.members.subarray(blocks.starts[b], blocks.starts[b + 1])]
    if (members.length <= 30) continue
    const order = [...members].sort((x, y) => windows.first[x]! - windows.first[y]!)
    const values = order.map((i) => table.column('near').value(i))
    t.same(values, [...values].sort(), 'first order is the near values in text order')
    t.ok(members.every((i) => windows.second[i] === -1), 'no second order')
    t.equal(inWindow(windows, order[0]!, order[2]!), true)
    t.equal(inWindow(windows, order[0]!, order[3]!), false)
  }
  const whole = blockWindows(table, blocks, { blockCap: 1000, window: 3, sortFields: ['near'] })
  t.same([whole.largeBlocks, whole.first.length], [0, 0], 'no large block: nothing allocated')
  t.equal(blockWindows(table, blocks, { blockCap: 30, window: 3, sortFields: ['fixed', 'near'] }), windows, 'kept with the blocks')
  t.throws(() => blockWindows(table, blocks, { blockCap: 30, window: 1, sortFields: ['near'] }), /window must be an integer of at least 2/,
    'a rule that would compare nothing is refused, not run')
})

t.test('sort fields: matching fields by u, blocking fields and Bloom filters left out', async (t) => {
  const table = RecordTable.fromColumns({ a: ['x'], b: ['x'], c: ['x'], d: ['x'], bf: ['AAAAAAAAAAA='] },
    [text('a'), text('b'), text('c'), text('d'), { name: 'bf', kind: 'bloom' as const, filterBits: 64 }])
  const field = (name: string, u: number): MatchingFieldSpec => ({ field: name, comparison: { type: 'Exact' }, m: 0.9, u })
  const fields = sortFieldsOf({ blockingFields: [{ field: 'a', matchEmpty: false }],
    matchingFields: [field('a', 0.0001), field('d', 0.01), field('bf', 0.0001), field('b', 0.001), field('c', 0.01), field('b', 0.5)] }, table)
  t.same(fields, ['b', 'd', 'c'])
})

t.test('the plan counts a window\'s pairs as the windows make them', async (t) => {
  for (const [size, window] of [[2, 25], [25, 25], [26, 25], [100, 25], [1000, 2]] as const) {
    let pairs = 0
    for (let a = 0; a < size; a++) pairs += Math.min(window - 1, size - 1 - a)
    t.equal(windowPairCount(size, size, window), pairs, `${size} records, window ${window}`)
  }
  t.equal(windowPairCount(100, 0, 25), 0, 'no incoming record, no pair')
  t.ok(windowPairCount(100, 10, 25) < windowPairCount(100, 100, 25), 'fewer incoming records, fewer pairs')
  t.same(neighbourhoodProblems({ blockCap: 100, window: 25 }), [])
  t.equal(neighbourhoodProblems({ blockCap: 1, window: 1.5 }).length, 2)
})
