/**
 * The touched read (touched-records.ts) made from the project's cached records instead of the database: the
 * cached active records plus those added since (`delta`, incoming ones flagged), narrowed to the incoming records
 * and every record sharing a block with one under some blocking, and coded exactly as the database read codes
 * them — codes by first appearance in id order, each value decoded once — so the table, and every pair found
 * in it, equal what the query gives (record-cache.test.ts compares them).
 *
 * A value is the same value in the copy and in the delta when its bytes are, as Postgres compares text; empty
 * and missing are both code 0, as the query's coalesce(…, '') makes them. Pure: no database, no files.
 */
import { Column, RecordTable, type ColumnSpec, type TermCounts } from '@ligature/engine'
import type { LinkageRecords } from './linkage-records.js'
import type { RecordCache } from './record-cache-file.js'
import { lowerBound, tupleHash, type BlockIndex } from './block-index.js'
import { findValue, valueStarts } from './value-index.js'

export interface BlockingFields { field: string; matchEmpty: boolean }

/**
 * One field over the copy's rows then the delta's, in a common code space: the copy's codes, then the delta's
 * values it lacks. The copy's rows keep their codes (`cached`); `delta` holds the delta rows' common codes.
 */
interface UnifiedColumn {
  cached: Int32Array
  delta: Int32Array
  /** Size of the common code space. */
  size: number
  /** Codes below this are the copy's own (its dictionary's size). */
  held: number
  /** How many of the copy's rows hold each of its codes (the file's counts). */
  heldCounts: Int32Array
  valueOf: (common: number) => string
}

function unify(cache: RecordCache, c: number, deltaCodes: Int32Array, deltaValues: readonly string[]): UnifiedColumn {
  const { codes, lengths, blob, index, counts } = cache.columns[c]!
  const held = lengths.length
  const starts = valueStarts(lengths)
  // Each of the delta's few values looked up among the copy's by its bytes (value-index.ts), rather than every
  // cached value hashed (10,000 records into a million, warm: 22–64 ms against 56–136 ms for the eleven fields).
  const indexed = { slots: index, starts, lengths, blob }
  const common = new Int32Array(deltaValues.length)
  for (let j = 1; j < deltaValues.length; j++) {
    const bytes = Buffer.from(deltaValues[j]!, 'utf8')
    const k = findValue(indexed, bytes, 0, bytes.length)
    common[j] = k > 0 ? k : held + j
  }
  const delta = new Int32Array(deltaCodes.length)
  for (let r = 0; r < delta.length; r++) delta[r] = common[deltaCodes[r]!]!
  const text = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength)
  return {
    cached: codes, delta, size: held + deltaValues.length, held, heldCounts: counts,
    valueOf: (u) => (u < held ? text.toString('utf8', starts[u], starts[u]! + lengths[u]!) : deltaValues[u - held]!),
  }
}

/**
 * `cache`: the copy, its columns in `specs` order; `delta`: the active records with ids above the copy's, in id
 * order, coded on their own (RecordTable of `specs`), `isNew` marking the incoming ones; `blockings`: each active
 * blocking's fields (distinctBlockings); `termFields`: the fields whose term counts the table gets, counted over
 * every active record as readTermCounts counts them in SQL.
 */
export function touchedFromCache(cache: RecordCache, delta: LinkageRecords, specs: readonly ColumnSpec[],
  blockings: readonly (readonly BlockingFields[])[], termFields: readonly string[] = []): LinkageRecords {
  const cachedRows = cache.ids.length, deltaRows = delta.ids.length, total = cachedRows + deltaRows
  const columns = specs.map((spec, c) => {
    const column = delta.table!.column(spec.name)
    return unify(cache, c, column.codes, column.values)
  })
  const columnOf = (field: string) => columns[specs.findIndex((s) => s.name === field)]!
  const touched = new Uint8Array(total)
  touched.set(delta.isNew, cachedRows)
  for (const blocking of blockings) {
    const fields = blocking.map((b) => b.field)
    const index = cache.blockIndexes[cache.meta.blockings.findIndex((b) => b.join('\u0000') === fields.join('\u0000'))] ?? null
    markBlock(fields.map(columnOf), blocking.map((b) => b.matchEmpty), delta.isNew, touched, index)
  }
  const { sourceRow, fromCache } = takenRows(touched, cachedRows)
  const size = sourceRow.length
  const ids = new Float64Array(size), eventTypeOf = new Int32Array(size), isNew = new Uint8Array(size)
  for (let i = 0; i < fromCache; i++) { ids[i] = cache.ids[sourceRow[i]!]!; eventTypeOf[i] = cache.eventTypeOf[sourceRow[i]!]! }
  for (let i = fromCache; i < size; i++) {
    const r = sourceRow[i]!
    ids[i] = delta.ids[r]!; eventTypeOf[i] = delta.eventTypeOf[r]!; isNew[i] = delta.isNew[r]!
  }
  const tableColumns = specs.map((spec, c) => recodedColumn(spec, columns[c]!, sourceRow, fromCache))
  const table = new RecordTable(size, tableColumns, isNew.slice())
  for (const field of termFields) table.setTermCounts(field, termCounts(columnOf(field), delta.isNew))
  return { ids, eventTypeOf, isNew, previousKeys: new Float64Array(size), table }
}

/**
 * The touched rows in id order, each as its row in its source: the copy's first (`fromCache` of them), then the
 * delta's, whose ids are all above the copy's.
 */
function takenRows(touched: Uint8Array, cachedRows: number): { sourceRow: Int32Array; fromCache: number } {
  let size = 0
  for (let r = 0; r < touched.length; r++) size += touched[r]!
  const sourceRow = new Int32Array(size)
  let next = 0
  for (let r = 0; r < cachedRows; r++) if (touched[r] === 1) sourceRow[next++] = r
  const fromCache = next
  for (let r = cachedRows; r < touched.length; r++) if (touched[r] === 1) sourceRow[next++] = r - cachedRows
  return { sourceRow, fromCache }
}

/** The taken rows' column, coded by first appearance as a database read codes it, each value decoded once. */
function recodedColumn(spec: ColumnSpec, u: UnifiedColumn, sourceRow: Int32Array, fromCache: number): Column {
  const recoded = new Int32Array(u.size).fill(-1)
  recoded[0] = 0
  const values: string[] = ['']
  const codes = new Int32Array(sourceRow.length)
  for (let i = 0; i < sourceRow.length; i++) {
    const common = i < fromCache ? u.cached[sourceRow[i]!]! : u.delta[sourceRow[i]!]!
    let mine = recoded[common]!
    if (mine < 0) { mine = recoded[common] = values.length; values.push(u.valueOf(common)) }
    codes[i] = mine
  }
  return new Column(spec, codes, values)
}

/**
 * What readTermCounts asks Postgres: for each value an incoming record holds, how many active records hold it,
 * and how many hold any value (NULL and '' are code 0 and count for neither). The copy's rows are counted when
 * it is made (its counts); only the delta's are counted here.
 */
function termCounts(u: UnifiedColumn, isNew: Uint8Array): TermCounts {
  const inDelta = new Map<number, number>()
  let present = u.cached.length - (u.heldCounts[0] ?? 0)
  for (let r = 0; r < u.delta.length; r++) {
    const code = u.delta[r]!
    if (code === 0) continue
    present++
    inDelta.set(code, (inDelta.get(code) ?? 0) + 1)
  }
  const byValue = new Map<string, number>()
  for (let r = 0; r < u.delta.length; r++) {
    const code = u.delta[r]!
    if (isNew[r] !== 1 || code === 0) continue
    const inThem = inDelta.get(code)!
    if (inThem < 0) continue // counted already
    byValue.set(u.valueOf(code), (code < u.held ? u.heldCounts[code]! : 0) + inThem)
    inDelta.set(code, -inThem)
  }
  return { byValue, present }
}

/** 2²² bits: about a quarter of a percent set by ten thousand keys. */
const HASH_WORDS = 1 << 17
const HASH_SHIFT = 10

/**
 * Marks in `touched` (the copy's rows, then the delta's) every row sharing this blocking's values with an incoming
 * record (`isNew`, over the delta's rows): the copy's through the blocking's index when the file has one.
 */
function markBlock(fields: readonly UnifiedColumn[], matchEmpty: readonly boolean[], isNew: Uint8Array, touched: Uint8Array,
  index: BlockIndex | null): void {
  const width = fields.length
  const keys = new TupleSet(width)
  const tuple = new Int32Array(width)
  // Each field's codes that some key holds: most records fail one of these before their hash is looked at.
  const present = fields.map((f) => new Uint8Array(f.size))
  incoming: for (let r = 0; r < isNew.length; r++) {
    if (isNew[r] !== 1) continue
    for (let i = 0; i < width; i++) {
      tuple[i] = fields[i]!.delta[r]!
      // A field that does not match empty puts no record with an empty value in any block.
      if (tuple[i] === 0 && !matchEmpty[i]) continue incoming
    }
    keys.add(tuple)
    for (let i = 0; i < width; i++) present[i]![tuple[i]!] = 1
  }
  if (keys.size === 0) return
  const bits = bitsOf(keys)
  const cachedRows = fields[0]!.cached.length
  if (index) lookUpBlock(index, fields, keys, touched)
  else scanBlock(fields.map((f) => f.cached), present, cachedRows, touched, 0, keys, bits)
  scanBlock(fields.map((f) => f.delta), present, isNew.length, touched, cachedRows, keys, bits)
}

/** The copy's rows in the blocks of `keys`, from the blocking's index: a search per key, then the rows sharing its hash. */
function lookUpBlock(index: BlockIndex, fields: readonly UnifiedColumn[], keys: TupleSet, touched: Uint8Array): void {
  const width = fields.length, cached = fields.map((f) => f.cached)
  const { hashes, rows } = index
  keys.forEach((key) => {
    // A value the copy does not hold: none of its rows is in the block.
    for (let i = 0; i < width; i++) if (key[i]! >= fields[i]!.held) return
    const hash = tupleHash(key, width)
    rows: for (let k = lowerBound(hashes, hash); k < hashes.length && hashes[k] === hash; k++) {
      const r = rows[k]!
      if (touched[r] === 1) continue
      for (let i = 0; i < width; i++) if (cached[i]![r] !== key[i]) continue rows
      touched[r] = 1
    }
  })
}

/**
 * Every key's hash as one bit of a set: a record whose values each occur in some key but never together (most
 * of them, for a date of birth and sex) is turned away without a lookup.
 */
function bitsOf(keys: TupleSet): Int32Array {
  const bits = new Int32Array(HASH_WORDS)
  keys.forEach((key) => { const bit = tupleHash(key, key.length) >>> HASH_SHIFT; bits[bit >>> 5]! |= 1 << (bit & 31) })
  return bits
}

/**
 * Marks in `touched` (from `offset`) the rows whose codes form one of `keys`. A field at a time over every row, so
 * each loop reads one column and stays simple enough to be compiled while it runs: the row's hash is built as its
 * fields pass their `present` checks, and only rows whose hash is in `hashes` are looked up.
 */
function scanBlock(codesOf: readonly Int32Array[], present: readonly Uint8Array[], rows: number, touched: Uint8Array, offset: number,
  keys: TupleSet, hashes: Int32Array): void {
  const width = codesOf.length
  const alive = new Uint8Array(rows)
  for (let r = 0; r < rows; r++) alive[r] = touched[offset + r] === 1 ? 0 : 1
  const hash = new Int32Array(rows).fill(0x811c9dc5 | 0)
  for (let i = 0; i < width; i++) {
    const codes = codesOf[i]!, held = present[i]!
    for (let r = 0; r < rows; r++) {
      if (alive[r] === 0) continue
      const code = codes[r]!
      if (held[code] === 0) alive[r] = 0
      else hash[r] = Math.imul(hash[r]! ^ code, 0x01000193)
    }
  }
  for (let r = 0; r < rows; r++) {
    if (alive[r] === 0) continue
    // One field: every code present is a key.
    if (width === 1) { touched[offset + r] = 1; continue }
    const h = hash[r]! >>> 0, bit = h >>> HASH_SHIFT
    if ((hashes[bit >>> 5]! & (1 << (bit & 31))) !== 0 && keys.hasRow(codesOf, r, h)) touched[offset + r] = 1
  }
}

/** A set of fixed-width tuples of codes: open addressing over their FNV hash, the tuples side by side. */
class TupleSet {
  private slots = new Int32Array(1 << 10).fill(-1)
  private tuples = new Int32Array(1 << 10)
  size = 0

  constructor(private readonly width: number) {}

  add(tuple: Int32Array): void {
    if ((this.size + 1) * 2 > this.slots.length) this.grow()
    const slot = this.slotOf(tuple)
    if (this.slots[slot] !== -1) return
    if ((this.size + 1) * this.width > this.tuples.length) {
      const tuples = new Int32Array(this.tuples.length * 2)
      tuples.set(this.tuples)
      this.tuples = tuples
    }
    this.tuples.set(tuple, this.size * this.width)
    this.slots[slot] = this.size++
  }

  forEach(visit: (tuple: Int32Array) => void): void {
    for (let entry = 0; entry < this.size; entry++) visit(this.tuples.subarray(entry * this.width, (entry + 1) * this.width))
  }

  /** Whether row `r` of the columns `codesOf`, whose codes hash (tupleHash) to `hash`, is one of the tuples. */
  hasRow(codesOf: readonly Int32Array[], r: number, hash: number): boolean {
    const mask = this.slots.length - 1, width = this.width, tuples = this.tuples
    probe: for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!
      if (entry === -1) return false
      for (let i = 0, at = entry * width; i < width; i++) if (tuples[at + i] !== codesOf[i]![r]) continue probe
      return true
    }
  }

  /** The slot holding `tuple`, or the empty slot where it would go. */
  private slotOf(tuple: Int32Array): number {
    const mask = this.slots.length - 1
    for (let slot = tupleHash(tuple, this.width) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot]!
      if (entry === -1 || this.equals(entry, tuple)) return slot
    }
  }

  private equals(entry: number, tuple: Int32Array): boolean {
    for (let i = 0, at = entry * this.width; i < this.width; i++) if (this.tuples[at + i] !== tuple[i]) return false
    return true
  }

  private grow(): void {
    const old = this.slots
    this.slots = new Int32Array(old.length * 2).fill(-1)
    for (const entry of old) {
      if (entry === -1) continue
      const tuple = this.tuples.subarray(entry * this.width, (entry + 1) * this.width)
      this.slots[this.slotOf(tuple)] = entry
    }
  }
}
