/**
 * Blocks of one strategy: records whose blocking-field codes are all equal share a block. A record with an
 * empty value in a field whose `matchEmpty` is false gets no block. Composite keys are compacted one field
 * at a time (a dense block id per pair of block so far and code, pair-ids.ts), then a stable counting sort lays each
 * block's records out contiguously in ascending record order. Block ids follow first appearance, so the
 * result is deterministic for a given table.
 */
import type { RecordTable } from '../columnar/record-table.js'
import type { BlockingFieldSpec } from '../types.js'
import { PairIds } from './pair-ids.js'

export const NO_BLOCK = -1
/** A direct table may hold this many entries beyond two per record: small tables cost less than hashing. */
const DIRECT_SLACK = 1 << 16

export interface Blocks {
  /** Block id per record, NO_BLOCK when excluded by an empty value. */
  blockOf: Int32Array
  /** Records grouped by block: block b holds members[starts[b] .. starts[b+1]). */
  members: Int32Array
  starts: Int32Array
  count: number
  recordsBlocked: number
  recordsExcluded: number
}

// The blocks of a table for a set of blocking fields, kept while the table lives: the block partitions of
// one linkage on one worker, and later strategies checking earlier ones' blocks, share them.
const built = new WeakMap<RecordTable, Map<string, Blocks>>()

export function buildBlocks(table: RecordTable, fields: readonly BlockingFieldSpec[]): Blocks {
  const key = fields.map((f) => `${f.field}:${f.matchEmpty ? 1 : 0}`).join('|')
  let byFields = built.get(table)
  if (!byFields) { byFields = new Map(); built.set(table, byFields) }
  let blocks = byFields.get(key)
  if (!blocks) { blocks = computeBlocks(table, fields); byFields.set(key, blocks) }
  return blocks
}

function computeBlocks(table: RecordTable, fields: readonly BlockingFieldSpec[]): Blocks {
  if (fields.length === 0) throw new Error('a strategy needs at least one blocking field')
  const n = table.size
  const blockOf = new Int32Array(n)
  let count = 1 // one block before any field is applied
  for (const field of fields) {
    const column = table.column(field.field)
    const codes = column.codes
    // Few enough (block so far, code) combinations: they index a table directly (always for the first field);
    // otherwise pairs are hashed.
    const radix = column.distinctCount + 1
    if (count * radix <= 2 * n + DIRECT_SLACK) {
      const idOf = new Int32Array(count * radix).fill(-1)
      let next = 0
      for (let i = 0; i < n; i++) {
        const prev = blockOf[i]!
        if (prev === NO_BLOCK) continue
        const code = codes[i]!
        if (code === 0 && !field.matchEmpty) { blockOf[i] = NO_BLOCK; continue }
        const at = prev * radix + code
        let id = idOf[at]!
        if (id === -1) { id = next++; idOf[at] = id }
        blockOf[i] = id
      }
      count = next
      continue
    }
    // At least one pair per block so far, so sized for `count`; grown as more appear (at ten million records a
    // table sized for every record would hold hundreds of MiB).
    const ids = new PairIds(count)
    for (let i = 0; i < n; i++) {
      const prev = blockOf[i]!
      if (prev === NO_BLOCK) continue
      const code = codes[i]!
      if (code === 0 && !field.matchEmpty) { blockOf[i] = NO_BLOCK; continue }
      blockOf[i] = ids.id(prev, code)
    }
    count = ids.size
  }
  const starts = new Int32Array(count + 1)
  let recordsBlocked = 0
  for (let i = 0; i < n; i++) {
    const b = blockOf[i]!
    if (b !== NO_BLOCK) { starts[b + 1]!++; recordsBlocked++ }
  }
  for (let b = 0; b < count; b++) starts[b + 1]! += starts[b]!
  const members = new Int32Array(recordsBlocked)
  const fill = starts.slice(0, count)
  for (let i = 0; i < n; i++) {
    const b = blockOf[i]!
    if (b !== NO_BLOCK) members[fill[b]!++] = i
  }
  return { blockOf, members, starts, count, recordsBlocked, recordsExcluded: n - recordsBlocked }
}

/** The blocking values of a block, as the report shows them (`value|value|…`, empty shown as ''). */
export function blockValues(table: RecordTable, fields: readonly BlockingFieldSpec[], blocks: Blocks,
  block: number): string[] {
  const record = blocks.members[blocks.starts[block]!]!
  return fields.map(f => table.column(f.field).value(record))
}

/**
 * Stable 32-bit hash of a block's values, from each value's FNV-1a hash (Column.valueHashes): the partition
 * plan's tie-break between blocks of equal size, and the partition of blocks that make no pairs, the same in
 * every process (dictionary codes depend on load order, the values do not).
 */
export function blockHash(table: RecordTable, fields: readonly BlockingFieldSpec[], blocks: Blocks, block: number): number {
  const record = blocks.members[blocks.starts[block]!]!
  let h = 0x9747b28c
  for (const f of fields) {
    const column = table.column(f.field)
    h = Math.imul(h ^ column.valueHashes[column.codes[record]!]!, 0x5bd1e995)
    h ^= h >>> 15
  }
  return h >>> 0
}
