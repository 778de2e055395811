/**
 * Candidate pairs of one strategy: every pair (i < j) inside a block, streamed in chunks of two Int32Arrays
 * so scoring never holds all candidates. Pairs of two existing records (`table.isNew` false for both) were
 * compared by earlier linkages and are skipped; so are pairs in `exclude` (kept by an earlier strategy).
 * A block of more than `neighbourhood.blockCap` records makes only the pairs of its sort orders' windows
 * (neighbourhood.ts) and is counted in `largeBlocks`. With `partition` {index, count} only the blocks the
 * size-aware plan gives that partition are expanded (partition-plan.ts), so activities can split the work evenly.
 */
import type { RecordTable } from '../columnar/record-table.js'
import type { BlockingFieldSpec } from '../types.js'
import { blockValues, buildBlocks, type Blocks } from './blocks.js'
import { blockWindows, DEFAULT_NEIGHBOURHOOD, orderOf, type Neighbourhood } from './neighbourhood.js'
import { partitionPlan } from './partition-plan.js'
import { TopBlocks, type BlockReport } from './top-blocks.js'

export const DEFAULT_CHUNK_PAIRS = 1 << 16
/** Without a strategy to take sort fields from: the default cap and window, large blocks in record order. */
const RECORD_ORDER: Neighbourhood = { ...DEFAULT_NEIGHBOURHOOD, sortFields: [] }

/**
 * Pairs a strategy must not create again: kept by an earlier one (PairSet, or a rule, see kept-earlier.ts). An
 * exclusion may also take one block at a time: `enterBlock` with the block's members in the order its pairs are
 * made, then `hasAt` with the two members' positions there (and their records), in place of `has`.
 */
export interface PairExclusion {
  has(i: number, j: number): boolean
  enterBlock?(members: Int32Array, size: number): void
  hasAt?(a: number, c: number, i: number, j: number): boolean
}

export interface CandidateOptions {
  exclude?: PairExclusion | null
  /** How blocks over the cap are compared (neighbourhood.ts; neighbourhoodOf gives a strategy's); RECORD_ORDER when absent. */
  neighbourhood?: Neighbourhood
  chunkPairs?: number
  partition?: { index: number; count: number }
  topBlocks?: number
}

export interface BlockingStats {
  recordsBlocked: number
  recordsExcluded: number
  blocks: number
  pairsCreated: number
  pairsAlreadyLinked: number
  topBlockingValues: BlockReport[]
  largeBlocks: LargeBlocksReport
}

/** The blocks over the cap a strategy compared by sort-order windows (within a partition: its own). */
export interface LargeBlocksReport {
  blocks: number
  records: number
  /** Pairs the blocks would have made compared whole; pairsCreated is what their windows made. */
  pairsIfWhole: number
  pairsCreated: number
  /** The largest of them, `pairs` being what the windows made. */
  largest: BlockReport[]
}

export const NO_LARGE_BLOCKS: LargeBlocksReport = { blocks: 0, records: 0, pairsIfWhole: 0, pairsCreated: 0, largest: [] }

export type PairChunkHandler = (left: Int32Array, right: Int32Array, n: number) => void

export function generateCandidates(table: RecordTable, fields: readonly BlockingFieldSpec[],
  onChunk: PairChunkHandler, options: CandidateOptions = {}, blocks: Blocks = buildBlocks(table, fields)): BlockingStats {
  const steps = candidateSteps(table, fields, onChunk, options, blocks, Infinity)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

/**
 * generateCandidates in slices: it pauses (yields) between blocks once `slicePairs` pairs were created since
 * the last pause, so a caller can give the event loop a turn. One strategy over ten million records makes
 * billions of pairs, minutes of work that must not starve an activity's heartbeat. Pausing only between blocks
 * leaves the pair loop itself as it was; a slice overshoots by at most one block (5,000 records).
 */
export function* candidateSteps(table: RecordTable, fields: readonly BlockingFieldSpec[], onChunk: PairChunkHandler,
  options: CandidateOptions, blocks: Blocks, slicePairs: number): Generator<void, BlockingStats, void> {
  let sinceYield = 0
  const neighbourhood = options.neighbourhood ?? RECORD_ORDER
  const windows = blockWindows(table, blocks, neighbourhood)
  const blockCap = neighbourhood.blockCap
  const chunk = options.chunkPairs ?? DEFAULT_CHUNK_PAIRS
  const exclude = options.exclude ?? null
  const byBlock = exclude?.enterBlock && exclude.hasAt ? exclude : null
  const isNew = table.isNew
  const left = new Int32Array(chunk), right = new Int32Array(chunk)
  const top = new TopBlocks(options.topBlocks ?? 10)
  const largest = new TopBlocks(options.topBlocks ?? 10)
  const large = { blocks: 0, records: 0, pairsIfWhole: 0, pairsCreated: 0 }
  let ordered = new Int32Array(blockCap)
  let n = 0, pairsCreated = 0, pairsAlreadyLinked = 0, multiRecordBlocks = 0
  const { members, starts } = blocks
  const partition = options.partition
  const partitionOf = partition ? partitionPlan(table, fields, blocks, partition.count, windows).partitionOf : null
  const partitionIndex = partition?.index ?? -1
  // A large block's windows, pair by pair: a pair of two existing records, one an earlier order made or one kept
  // by an earlier strategy is skipped; the rest go into the chunk.
  const windowed = (order: Int32Array, second: boolean): number => {
    const size = order.length, w = windows.window
    let created = 0
    byBlock?.enterBlock!(order, size)
    for (let a = 0; a < size; a++) {
      const x = order[a]!
      // Pairs are made from their incoming record, so an existing one's windows are not walked at all.
      if (isNew !== null && isNew[x] !== 1) continue
      for (let c = Math.max(0, a - w + 1); c < a + w && c < size; c++) {
        if (c === a) continue
        const y = order[c]!
        // Each pair once: from its incoming record when the other is existing, from the earlier position when both are incoming.
        if (c < a && (isNew === null || isNew[y] === 1)) continue
        const i = x < y ? x : y, j = x < y ? y : x
        if (second) { const d = windows.first[x]! - windows.first[y]!; if (d < w && d > -w) continue }
        if (exclude !== null && (byBlock !== null ? byBlock.hasAt!(a < c ? a : c, a < c ? c : a, i, j) : exclude.has(i, j))) { pairsAlreadyLinked++; continue }
        left[n] = i; right[n] = j
        created++
        if (++n === chunk) { onChunk(left, right, n); n = 0 }
      }
    }
    return created
  }
  for (let b = 0; b < blocks.count; b++) {
    const from = starts[b]!, size = starts[b + 1]! - from
    if (size < 2) continue
    if (partitionOf !== null && partitionOf[b] !== partitionIndex) continue
    multiRecordBlocks++
    // Incoming records first: pairs are (incoming × later members), so two existing records never pair.
    let fresh = 0
    if (isNew) {
      for (let k = 0; k < size; k++) if (isNew[members[from + k]!]) fresh++
    } else fresh = size
    const blockPairs = (fresh * (fresh - 1)) / 2 + fresh * (size - fresh)
    if (size > blockCap) {
      let created = 0
      if (blockPairs > 0) {
        if (ordered.length < size) ordered = new Int32Array(Math.max(size, 2 * ordered.length))
        const block = members.subarray(from, from + size)
        created = windowed(orderOf(block, windows.first, ordered), false)
        if (windows.second[block[0]!]! >= 0) created += windowed(orderOf(block, windows.second, ordered), true)
      }
      if (blockPairs > 0) { large.blocks++; large.records += size; large.pairsIfWhole += blockPairs; large.pairsCreated += created }
      largest.offer(b, size, created)
      pairsCreated += created
      top.offer(b, size, created)
      sinceYield += created
      if (sinceYield >= slicePairs) { sinceYield = 0; yield }
      continue
    }
    if (blockPairs === 0) continue
    if (isNew) {
      let f = 0, o = fresh
      for (let k = 0; k < size; k++) {
        const r = members[from + k]!
        if (isNew[r]) ordered[f++] = r; else ordered[o++] = r
      }
    } else ordered.set(members.subarray(from, from + size))
    let created = 0
    byBlock?.enterBlock!(ordered, size)
    for (let a = 0; a < fresh; a++) {
      const x = ordered[a]!
      for (let c = a + 1; c < size; c++) {
        const y = ordered[c]!
        const i = x < y ? x : y, j = x < y ? y : x
        if (exclude !== null && (byBlock !== null ? byBlock.hasAt!(a, c, i, j) : exclude.has(i, j))) { pairsAlreadyLinked++; continue }
        left[n] = i; right[n] = j
        created++
        if (++n === chunk) { onChunk(left, right, n); n = 0 }
      }
    }
    pairsCreated += created
    top.offer(b, size, created)
    sinceYield += created
    if (sinceYield >= slicePairs) { sinceYield = 0; yield }
  }
  if (n > 0) onChunk(left, right, n)
  return {
    recordsBlocked: blocks.recordsBlocked, recordsExcluded: blocks.recordsExcluded, blocks: multiRecordBlocks,
    pairsCreated, pairsAlreadyLinked,
    largeBlocks: { ...large, largest: largest.reports(b => blockValues(table, fields, blocks, b)) },
    topBlockingValues: top.reports(b => blockValues(table, fields, blocks, b)),
  }
}
