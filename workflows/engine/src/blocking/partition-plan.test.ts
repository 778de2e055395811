import t from 'tap'
import { assignBlocks, lptOrder, pairsOfBlock } from './partition-plan.js'

/** Seeded PRNG (mulberry32), so the skewed distribution is the same on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let x = Math.imul(s ^ (s >>> 15), s | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Block sizes of a name blocking: a Zipf-like law (the k-th commonest block holds ~ C / √k records, so its
 * pairs fall ~ 1/k), most blocks of a few records, a few dozen of several hundred.
 */
function zipfBlocks(blocks: number, seed: number) {
  const next = random(seed)
  const cost = new Float64Array(blocks)
  const hash = new Uint32Array(blocks)
  for (let k = 0; k < blocks; k++) {
    const size = Math.max(1, Math.floor(1200 / Math.sqrt(k + 1)))
    const fresh = Math.max(1, Math.round(size * next()))
    cost[k] = pairsOfBlock(size, fresh)
    hash[k] = Math.floor(next() * 4294967296)
  }
  return { cost, hash }
}

const total = (a: Float64Array) => a.reduce((s, x) => s + x, 0)
const spread = (load: Float64Array) => (Math.max(...load) - Math.min(...load)) / (total(load) / load.length)

t.test('skewed blocks are balanced within 10 % by LPT, where hashing is not', async tt => {
  const { cost, hash } = zipfBlocks(100_000, 7)
  const largest = Math.max(...cost)
  for (const count of [2, 3, 4, 8]) {
    tt.ok(largest < total(cost) / count, `the largest block fits in one partition's share (${count} partitions)`)
    const plan = assignBlocks(cost, hash, count)
    tt.equal(total(plan.load), total(cost), 'every pair is planned once')
    tt.ok(spread(plan.load) <= 0.1, `${count} partitions: spread ${(spread(plan.load) * 100).toFixed(2)} % of the mean`)
    const byPart = new Float64Array(count)
    for (let b = 0; b < cost.length; b++) byPart[plan.partitionOf[b]!]! += cost[b]!
    tt.same([...byPart], [...plan.load], 'the reported loads are the loads of the blocks assigned')
  }
  // The reason for the plan: the same blocks dealt by value hash are far from even.
  const hashed = new Float64Array(2)
  for (let b = 0; b < cost.length; b++) hashed[hash[b]! % 2]! += cost[b]!
  tt.ok(spread(hashed) > spread(assignBlocks(cost, hash, 2).load), 'hash assignment is less even than LPT')
})

t.test('the plan is the same whatever order the blocks come in', async tt => {
  const { cost, hash } = zipfBlocks(20_000, 11)
  const plan = assignBlocks(cost, hash, 3)
  const again = assignBlocks(cost, hash, 3)
  tt.same(again.partitionOf, plan.partitionOf, 'the same on a second call')
  const next = random(5)
  const order = Array.from({ length: cost.length }, (_, i) => i)
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  const shuffled = assignBlocks(Float64Array.from(order, i => cost[i]!), Uint32Array.from(order, i => hash[i]!), 3)
  const moved = order.filter((b, at) => shuffled.partitionOf[at] !== plan.partitionOf[b]).length
  tt.equal(moved, 0, 'each block keeps its partition when the blocks are shuffled')
  tt.same(shuffled.load, plan.load)
})

t.test('zero-cost blocks go by hash, skipped blocks nowhere; bad counts are refused', async tt => {
  const cost = Float64Array.from([0, 10, 0, 3])
  const hash = Uint32Array.from([5, 1, 6, 2])
  const plan = assignBlocks(cost, hash, 2, Uint8Array.from([0, 0, 1, 0]))
  tt.same([...plan.partitionOf], [1, 0, -1, 1], 'block 0 by hash 5 % 2, block 2 skipped, costly blocks by LPT')
  tt.same([...plan.load], [10, 3])
  tt.throws(() => assignBlocks(cost, hash, 0), /positive integer/)
  tt.same([...assignBlocks(cost, hash, 1).partitionOf], [0, 0, 0, 0], 'one partition takes everything')
})

t.test('the counting sort gives exactly the comparator order, ties and hash collisions included', async tt => {
  const byComparator = (order: Int32Array, cost: Float64Array, hash: Uint32Array) =>
    Int32Array.from(order).sort((a, b) => cost[b]! - cost[a]! || hash[a]! - hash[b]! || a - b)
  const next = random(23)
  const cases = [
    // Many equal costs and a hash range of 50 values: blocks equal in cost and hash, ordered by block.
    { blocks: 30_000, cost: () => 1 + Math.floor(next() * 6), hash: () => Math.floor(next() * 50) },
    // Costs across 16-bit digits (up to a 5,000-record block's 12.5 million pairs), full 32-bit hashes.
    { blocks: 30_000, cost: () => pairsOfBlock(2 + Math.floor(next() ** 4 * 4_999), 1 + Math.floor(next() * 2)), hash: () => Math.floor(next() * 4294967296) },
    // Costs past 2^32: three digits.
    { blocks: 5_000, cost: () => Math.floor(next() * 2 ** 40), hash: () => Math.floor(next() * 1000) },
    // Not integers: the comparator itself.
    { blocks: 5_000, cost: () => next() * 10, hash: () => Math.floor(next() * 4294967296) },
  ]
  for (const [i, c] of cases.entries()) {
    const cost = Float64Array.from({ length: c.blocks }, c.cost), hash = Uint32Array.from({ length: c.blocks }, c.hash)
    // Some blocks left out, as zero-cost and skipped blocks are.
    const order = Int32Array.from({ length: c.blocks }, (_, b) => b).filter((b) => b % 7 !== 3)
    const expected = byComparator(order, cost, hash)
    const sorted = lptOrder(order, cost, hash)
    tt.same([...order], [...expected], `case ${i}: the same order`)
    tt.same([...sorted], [...expected].map((b) => cost[b]!), `case ${i}: with each block's cost`)
  }
  const none = new Int32Array(0)
  lptOrder(none, new Float64Array(0), new Uint32Array(0))
  tt.equal(none.length, 0, 'no block, nothing to sort')
})
