/**
 * Large blocks by sorted neighbourhood (Hernández and Stolfo's method, issue 18). A block of more than
 * `blockCap` records is not compared whole: its records are sorted by a field the block does not fix and each
 * is compared with the `window` − 1 records on either side, then sorted again by a second field and compared
 * with its neighbours there. A record in a large block meets about 4 × (window − 1) others per strategy, so the
 * candidate pairs of a strategy grow with its records rather than with the square of its commonest values,
 * and a common name or birth date no longer sets every record in its block against hundreds of strangers.
 *
 * Sort fields are the strategy's matching fields, most discriminating first (smallest u), leaving out its
 * blocking fields and Bloom filters (whose encoded order means nothing); a field that holds one value across
 * the block (a date of birth inside a date-of-birth block) is passed over for that block. Values sort by their
 * text (code-unit order; dates are `yyyy-MM-dd`, so text order is date order), ties by record, so every process
 * that decoded the same table sorts a block identically, as block partitions require.
 */
import type { RecordTable } from '../columnar/record-table.js'
import type { Column } from '../columnar/column.js'
import type { NeighbourhoodRule, StrategySpec } from '../types.js'
import type { Blocks } from './blocks.js'

/** Blocks up to this size are compared whole; the chosen values and why are in DECISIONS.md "Large blocks". */
export const DEFAULT_BLOCK_CAP = 100
/** Each record of a large block meets the window − 1 records on either side in each sort order. */
export const DEFAULT_WINDOW = 25
/** Sort orders per large block: a second catches pairs the first puts apart (a typo early in a name). */
export const SORT_PASSES = 2

export const DEFAULT_NEIGHBOURHOOD: NeighbourhoodRule = { blockCap: DEFAULT_BLOCK_CAP, window: DEFAULT_WINDOW }

export interface Neighbourhood extends NeighbourhoodRule {
  /** Fields to sort a large block by, in order of preference. */
  sortFields: readonly string[]
}

/** Problems with a rule, for configuration checks at boot; empty when it is usable. */
export function neighbourhoodProblems(rule: NeighbourhoodRule): string[] {
  const problems: string[] = []
  if (!Number.isInteger(rule.blockCap) || rule.blockCap < 2) problems.push('blockCap must be an integer of at least 2')
  if (!Number.isInteger(rule.window) || rule.window < 2) problems.push('window must be an integer of at least 2')
  return problems
}

/** How a strategy compares its large blocks in `table`: its own rule or the defaults, and its sort fields. */
export function neighbourhoodOf(strategy: StrategySpec, table: RecordTable): Neighbourhood {
  return { ...(strategy.neighbourhood ?? DEFAULT_NEIGHBOURHOOD), sortFields: sortFieldsOf(strategy, table) }
}

/** A strategy's sort fields: matching fields by ascending u (ties in configured order), blocking fields and Bloom columns left out. */
export function sortFieldsOf(strategy: Pick<StrategySpec, 'blockingFields' | 'matchingFields'>, table: RecordTable): string[] {
  const blocking = new Set(strategy.blockingFields.map((b) => b.field))
  const fields: string[] = []
  const candidates = strategy.matchingFields.map((f, order) => ({ f, order }))
    .sort((a, b) => a.f.u - b.f.u || a.order - b.order)
  for (const { f } of candidates) {
    if (blocking.has(f.field) || fields.includes(f.field)) continue
    if (table.column(f.field).spec.kind === 'bloom') continue
    fields.push(f.field)
  }
  return fields
}

/**
 * Each record's position in its large block's sort orders. Only records of large blocks (more than blockCap
 * records) have one; the arrays are empty when a strategy has no large block.
 */
export interface BlockWindows {
  readonly blockCap: number
  readonly window: number
  /** Position in the first sort order of the record's large block. */
  readonly first: Int32Array
  /** Position in the second order; −1 when the block has only one (no second sort field varies there). */
  readonly second: Int32Array
  /** Blocks over the cap, and the records in them. */
  readonly largeBlocks: number
  readonly largeRecords: number
}

/**
 * Whether two members of one large block meet, from their positions: first order (f1, f2), second order (s1, s2;
 * −1 when the block has none). The one definition the pair loop's windows and "kept by an earlier strategy" share.
 */
export function meets(window: number, f1: number, f2: number, s1: number, s2: number): boolean {
  const d1 = f1 - f2
  if (d1 < window && d1 > -window) return true
  if (s1 < 0) return false
  const d2 = s1 - s2
  return d2 < window && d2 > -window
}

/** Whether two records of one large block meet: close enough in either of its sort orders. */
export function inWindow(w: BlockWindows, i: number, j: number): boolean {
  return meets(w.window, w.first[i]!, w.first[j]!, w.second[i]!, w.second[j]!)
}

const ranks = new WeakMap<Column, Float64Array>()

/** Each code's place in the column's values sorted as text (the empty value first), computed once per column. */
function valueRanks(column: Column): Float64Array {
  let rank = ranks.get(column)
  if (!rank) {
    const values = column.values
    const order = Array.from({ length: values.length }, (_, c) => c)
      .sort((a, b) => (values[a]! < values[b]! ? -1 : values[a]! > values[b]! ? 1 : 0))
    rank = new Float64Array(values.length)
    for (let k = 0; k < order.length; k++) rank[order[k]!] = k
    ranks.set(column, rank)
  }
  return rank
}

const computed = new WeakMap<Blocks, Map<string, BlockWindows>>()

/** The windows of a strategy's blocks, kept with the blocks so partitions and later strategies share them. */
export function blockWindows(table: RecordTable, blocks: Blocks, neighbourhood: Neighbourhood): BlockWindows {
  const key = `${neighbourhood.blockCap}/${neighbourhood.window}/${neighbourhood.sortFields.join(',')}`
  let byKey = computed.get(blocks)
  if (!byKey) { byKey = new Map(); computed.set(blocks, byKey) }
  let windows = byKey.get(key)
  if (!windows) { windows = computeWindows(table, blocks, neighbourhood); byKey.set(key, windows) }
  return windows
}

const NONE = new Int32Array(0)

function computeWindows(table: RecordTable, blocks: Blocks, { blockCap, window, sortFields }: Neighbourhood): BlockWindows {
  // The rule arrives with the strategy (a workflow's payload): a window under 2 would silently compare nothing.
  const problems = neighbourhoodProblems({ blockCap, window })
  if (problems.length > 0) throw new Error(`large-block rule: ${problems.join('; ')}`)
  const n = table.size
  const { members, starts } = blocks
  let any = false
  for (let b = 0; b < blocks.count && !any; b++) any = starts[b + 1]! - starts[b]! > blockCap
  if (!any) return { blockCap, window, first: NONE, second: NONE, largeBlocks: 0, largeRecords: 0 }
  // Record-indexed, 8 bytes a record per strategy with large blocks (80 MB at ten million records).
  const first = new Int32Array(n)
  const second = new Int32Array(n).fill(-1)
  const columns = sortFields.map((f) => table.column(f))
  let largeBlocks = 0, largeRecords = 0
  let keys = new Float64Array(0)
  for (let b = 0; b < blocks.count; b++) {
    const from = starts[b]!, size = starts[b + 1]! - from
    if (size <= blockCap) continue
    largeBlocks++
    largeRecords += size
    const block = members.subarray(from, from + size)
    if (keys.length < size) keys = new Float64Array(Math.max(size, 2 * keys.length))
    const used = blockSortColumns(columns, block)
    used.forEach((c, pass) => place(block, columns[c]!, n, keys.subarray(0, size), pass === 0 ? first : second))
    // No sort field tells the block's records apart: record order, a chain through the block.
    if (used.length === 0) for (let k = 0; k < size; k++) first[block[k]!] = k
  }
  return { blockCap, window, first, second, largeBlocks, largeRecords }
}

/** Which of the sort fields' columns a large block is sorted by: the first SORT_PASSES that vary in it, as indexes. */
export function blockSortColumns(columns: readonly Column[], block: Int32Array): number[] {
  const used: number[] = []
  for (let c = 0; c < columns.length && used.length < SORT_PASSES; c++) if (varies(columns[c]!.codes, block)) used.push(c)
  return used
}

function varies(codes: Int32Array, block: Int32Array): boolean {
  const code = codes[block[0]!]!
  for (let k = 1; k < block.length; k++) if (codes[block[k]!] !== code) return true
  return false
}

/**
 * Sorts the block by (value rank, record): through one float key each (rank × n + record) while that is exact
 * (below 2⁵³, tables of up to about 90 million records), which sorts natively several times faster than a
 * comparator; with a comparator beyond.
 */
function place(block: Int32Array, column: Column, n: number, keys: Float64Array, position: Int32Array): void {
  const rank = valueRanks(column)
  const codes = column.codes
  if (column.values.length * n < Number.MAX_SAFE_INTEGER) {
    for (let k = 0; k < block.length; k++) { const r = block[k]!; keys[k] = rank[codes[r]!]! * n + r }
    keys.sort()
    for (let k = 0; k < block.length; k++) position[keys[k]! % n] = k
    return
  }
  const sorted = Array.from(block).sort((x, y) => rank[codes[x]!]! - rank[codes[y]!]! || x - y)
  for (let k = 0; k < sorted.length; k++) position[sorted[k]!] = k
}

/** The records of a large block (its members) in one of its sort orders, written into `into`. */
export function orderOf(block: Int32Array, position: Int32Array, into: Int32Array): Int32Array {
  for (let k = 0; k < block.length; k++) { const r = block[k]!; into[position[r]!] = r }
  return into.subarray(0, block.length)
}

/**
 * Pairs of a block of `size` records (`fresh` incoming) made by one sort order's windows, as the partition plan
 * counts cost: exact when every record is incoming, else scaled by the share of the block's pairs that hold an
 * incoming record (rounded: the plan sorts whole costs fastest).
 */
export function windowPairCount(size: number, fresh: number, window: number): number {
  if (size < 2 || fresh === 0) return 0
  const w = Math.min(window, size)
  const all = (w - 1) * size - (w * (w - 1)) / 2
  if (fresh === size) return all
  const existing = size - fresh
  const share = 1 - (existing * (existing - 1)) / (size * (size - 1))
  return Math.round(all * share)
}
