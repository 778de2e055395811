/**
 * Size-aware assignment of one strategy's blocks to block partitions. A block's cost is the candidate pairs the
 * engine generates for it (incoming × incoming and incoming × existing; existing × existing are never made;
 * a large block what its sort orders' windows make, neighbourhood.ts), and blocks are dealt largest first to the least-loaded partition (LPT, longest
 * processing time first), which stays within 4/3 of the best split and in practice within a few per cent.
 * Hashing blocks to partitions instead left one partition of a 1M-record linkage with 12.9M pairs and the
 * other with 8.1M, so the second worker waited for the first.
 *
 * Every partition computes the plan itself from its own copy of the table; that is sound because the plan is
 * a pure function of the table (ties in size broken by the block's value hash, then by its first record),
 * and the linkage checks that every partition decoded the same table (table-fingerprint.ts). Zero-cost
 * blocks (only existing records) still belong to exactly one partition, by value hash, so
 * the report counts them once.
 */
import type { RecordTable } from '../columnar/record-table.js'
import type { BlockingFieldSpec } from '../types.js'
import { blockHash, type Blocks } from './blocks.js'
import { windowPairCount, type BlockWindows } from './neighbourhood.js'

export interface PartitionPlan {
  /** Partition of each block; −1 for blocks of fewer than two records (they make no pairs). */
  partitionOf: Int32Array
  /** Planned candidate pairs per partition (before pairs kept by earlier strategies are skipped). */
  load: Float64Array
}

/** Candidate pairs the engine generates for a block of `size` records, `fresh` of them incoming. */
export const pairsOfBlock = (size: number, fresh: number): number => (fresh * (fresh - 1)) / 2 + fresh * (size - fresh)

/**
 * LPT over plain arrays: `cost[b]` pairs and `hash[b]` tie-break per block; blocks with `cost` 0 go to
 * `hash % count`, blocks marked `skip` get −1. The result depends on the blocks' (cost, hash) only, not on
 * their order in the arrays, as long as no two blocks share both cost and hash.
 */
export function assignBlocks(cost: Float64Array, hash: Uint32Array, count: number, skip?: Uint8Array): PartitionPlan {
  if (!Number.isInteger(count) || count < 1) throw new Error('partition count must be a positive integer')
  const blocks = cost.length
  const partitionOf = new Int32Array(blocks)
  const load = new Float64Array(count)
  let costly = 0
  for (let b = 0; b < blocks; b++) if (!skip?.[b] && cost[b]! > 0) costly++
  const order = new Int32Array(costly)
  let k = 0
  for (let b = 0; b < blocks; b++) {
    if (skip?.[b]) partitionOf[b] = -1
    else if (cost[b]! > 0) order[k++] = b
    else partitionOf[b] = hash[b]! % count
  }
  const sortedCost = lptOrder(order, cost, hash)
  const heap = new LoadHeap(count)
  for (let i = 0; i < costly; i++) {
    const p = heap.least()
    partitionOf[order[i]!] = p
    load[p]! += sortedCost[i]!
    heap.add(p, sortedCost[i]!)
  }
  return { partitionOf, load }
}

/** Bits of one counting-sort digit: 2,048 buckets, whose write positions stay in cache while a pass scatters. */
const DIGIT_BITS = 11
const BUCKETS = 1 << DIGIT_BITS

/**
 * Sorts `order` (blocks in ascending order) into LPT order: cost descending, then hash, then block. Integer costs,
 * as pairsOfBlock gives, go through stable counting sorts on 11-bit digits, least significant key first (hash,
 * then max − cost), each block's keys moving with it so every pass reads in order; a comparator sort called back
 * into JavaScript for every comparison and took most of a plan's time. Any other cost takes the comparator, which
 * gives the same order. Returns the blocks' costs in that order.
 */
export function lptOrder(order: Int32Array, cost: Float64Array, hash: Uint32Array): Float64Array {
  const n = order.length
  let max = 0
  for (let i = 0; i < n; i++) {
    const c = cost[order[i]!]!
    if (!Number.isInteger(c) || c < 0 || c > Number.MAX_SAFE_INTEGER) {
      order.sort((a, b) => cost[b]! - cost[a]! || hash[a]! - hash[b]! || a - b)
      return Float64Array.from(order, (b) => cost[b]!)
    }
    if (c > max) max = c
  }
  // Per position: the block, its hash and its inverted cost (max − cost, ascending = cost descending).
  let blocks = Int32Array.from(order), hashes = new Uint32Array(n), inverted = new Float64Array(n)
  for (let i = 0; i < n; i++) { const b = blocks[i]!; hashes[i] = hash[b]!; inverted[i] = max - cost[b]! }
  let nextBlocks = new Int32Array(n), nextHashes = new Uint32Array(n), nextInverted = new Float64Array(n)
  const digits = new Uint16Array(n)
  const counts = new Int32Array(BUCKETS + 1)
  const pass = () => {
    counts.fill(0)
    for (let i = 0; i < n; i++) counts[digits[i]! + 1]!++
    for (let d = 0; d < BUCKETS; d++) counts[d + 1]! += counts[d]!
    for (let i = 0; i < n; i++) {
      const at = counts[digits[i]!]!++
      nextBlocks[at] = blocks[i]!; nextHashes[at] = hashes[i]!; nextInverted[at] = inverted[i]!
    }
    ;[blocks, nextBlocks] = [nextBlocks, blocks]
    ;[hashes, nextHashes] = [nextHashes, hashes]
    ;[inverted, nextInverted] = [nextInverted, inverted]
  }
  for (let shift = 0; shift < 32; shift += DIGIT_BITS) {
    for (let i = 0; i < n; i++) digits[i] = (hashes[i]! >>> shift) & (BUCKETS - 1)
    pass()
  }
  for (let scale = 1; scale <= max; scale *= BUCKETS) {
    for (let i = 0; i < n; i++) digits[i] = Math.floor(inverted[i]! / scale) % BUCKETS
    pass()
  }
  order.set(blocks)
  for (let i = 0; i < n; i++) inverted[i] = max - inverted[i]!
  return inverted
}

const plans = new WeakMap<Blocks, WeakMap<BlockWindows, Map<number, PartitionPlan>>>()

/**
 * The plan of a strategy's blocks for `count` partitions, kept with the blocks: the partitions of one linkage
 * that run on the same worker share it (and the blocks, see buildBlocks) instead of each computing it.
 */
export function partitionPlan(table: RecordTable, fields: readonly BlockingFieldSpec[], blocks: Blocks,
  count: number, windows: BlockWindows): PartitionPlan {
  let byWindows = plans.get(blocks)
  if (!byWindows) { byWindows = new WeakMap(); plans.set(blocks, byWindows) }
  let byCount = byWindows.get(windows)
  if (!byCount) { byCount = new Map(); byWindows.set(windows, byCount) }
  let plan = byCount.get(count)
  if (!plan) { plan = computePlan(table, fields, blocks, count, windows); byCount.set(count, plan) }
  return plan
}

function computePlan(table: RecordTable, fields: readonly BlockingFieldSpec[], blocks: Blocks, count: number,
  windows: BlockWindows): PartitionPlan {
  const { members, starts } = blocks
  const isNew = table.isNew
  const cost = new Float64Array(blocks.count)
  const hash = new Uint32Array(blocks.count)
  const skip = new Uint8Array(blocks.count)
  for (let b = 0; b < blocks.count; b++) {
    const from = starts[b]!, size = starts[b + 1]! - from
    if (size < 2) { skip[b] = 1; continue }
    hash[b] = blockHash(table, fields, blocks, b)
    let fresh = size
    if (isNew) { fresh = 0; for (let k = 0; k < size; k++) if (isNew[members[from + k]!]) fresh++ }
    if (size <= windows.blockCap) { cost[b] = pairsOfBlock(size, fresh); continue }
    const orders = windows.second[members[from]!]! >= 0 ? 2 : 1
    cost[b] = orders * windowPairCount(size, fresh, windows.window)
  }
  return assignBlocks(cost, hash, count, skip)
}

/** Min-heap of partitions by load, ties to the lower partition index, so the greedy choice is deterministic. */
class LoadHeap {
  private readonly part: Int32Array
  private readonly load: Float64Array

  constructor(count: number) {
    this.part = Int32Array.from({ length: count }, (_, i) => i)
    this.load = new Float64Array(count)
  }

  least(): number {
    return this.part[0]!
  }

  /** Adds `cost` to the least-loaded partition (the root) and sifts it down. */
  add(p: number, cost: number): void {
    if (this.part[0] !== p) throw new Error('only the least-loaded partition takes the next block')
    const { part, load } = this
    const n = part.length
    load[0]! += cost
    let i = 0
    for (;;) {
      const l = 2 * i + 1, r = l + 1
      let m = i
      if (l < n && this.before(l, m)) m = l
      if (r < n && this.before(r, m)) m = r
      if (m === i) break
      const tp = part[i]!, tl = load[i]!
      part[i] = part[m]!; load[i] = load[m]!
      part[m] = tp; load[m] = tl
      i = m
    }
  }

  private before(a: number, b: number): boolean {
    return this.load[a]! < this.load[b]! || (this.load[a] === this.load[b] && this.part[a]! < this.part[b]!)
  }
}
