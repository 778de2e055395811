/**
 * Candidate pairs of one strategy: every pair (i < j) inside a block, streamed in chunks of two Int32Arrays
 * so scoring never holds all candidates. Pairs of two existing records (`table.isNew` false for both) were
 * compared by earlier linkages and are skipped; so are pairs in `exclude` (kept by an earlier strategy).
 * Blocks with more records than `maxBlockSize` are skipped and reported. With `partition` {index, count}
 * only the blocks the size-aware plan gives that partition are expanded (partition-plan.ts), so activities
 * can split the work evenly.
 */
import type { RecordTable } from '../columnar/record-table.js'
import type { BlockingFieldSpec } from '../types.js'
import { blockValues, buildBlocks, type Blocks } from './blocks.js'
import { partitionPlan } from './partition-plan.js'
import { TopBlocks, type BlockReport } from './top-blocks.js'

export const DEFAULT_MAX_BLOCK_SIZE = 5000
export const DEFAULT_CHUNK_PAIRS = 1 << 16

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
  maxBlockSize?: number
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
  oversizedBlocks: BlockReport[]
}

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
  const maxBlockSize = options.maxBlockSize ?? DEFAULT_MAX_BLOCK_SIZE
  const chunk = options.chunkPairs ?? DEFAULT_CHUNK_PAIRS
  const exclude = options.exclude ?? null
  const byBlock = exclude?.enterBlock && exclude.hasAt ? exclude : null
  const isNew = table.isNew
  const left = new Int32Array(chunk), right = new Int32Array(chunk)
  const top = new TopBlocks(options.topBlocks ?? 10)
  const oversized: BlockReport[] = []
  const ordered = new Int32Array(maxBlockSize)
  let n = 0, pairsCreated = 0, pairsAlreadyLinked = 0, multiRecordBlocks = 0
  const { members, starts } = blocks
  const partition = options.partition
  const partitionOf = partition ? partitionPlan(table, fields, blocks, partition.count, maxBlockSize).partitionOf : null
  const partitionIndex = partition?.index ?? -1
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
    if (size > maxBlockSize) {
      oversized.push({ values: blockValues(table, fields, blocks, b), records: size, pairs: blockPairs })
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
    pairsCreated, pairsAlreadyLinked, oversizedBlocks: oversized,
    topBlockingValues: top.reports(b => blockValues(table, fields, blocks, b)),
  }
}
