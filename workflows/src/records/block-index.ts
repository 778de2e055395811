/**
 * A blocking's index over the cached records (record-cache.ts): every row's hash of its blocking codes, sorted,
 * with the rows in that order. A linkage finds the cached members of an incoming record's block by a binary
 * search for the key's hash and a check of the few rows that share it, instead of hashing every cached row:
 * the work follows the blocks the envelope touches, not the size of the project. Pure: no database, no files.
 */

/** FNV-1a over a tuple of codes: the hash the index is sorted by and the selection's bit set uses. */
export function tupleHash(tuple: ArrayLike<number>, width: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < width; i++) h = Math.imul(h ^ tuple[i]!, 0x01000193)
  return h >>> 0
}

export interface BlockIndex {
  /** Each row's hash, ascending. */
  hashes: Uint32Array
  /** The rows in the order of `hashes`. */
  rows: Int32Array
}

/** The index of the rows of `codesOf` (one column per blocking field). */
export function buildBlockIndex(codesOf: readonly Int32Array[]): BlockIndex {
  const n = codesOf[0]?.length ?? 0, width = codesOf.length
  const hashOf = new Uint32Array(n)
  const tuple = new Int32Array(width)
  for (let r = 0; r < n; r++) {
    for (let i = 0; i < width; i++) tuple[i] = codesOf[i]![r]!
    hashOf[r] = tupleHash(tuple, width)
  }
  const rows = sortByKey(hashOf)
  const hashes = new Uint32Array(n)
  for (let k = 0; k < n; k++) hashes[k] = hashOf[rows[k]!]!
  return { hashes, rows }
}

/** Row numbers ordered by `keys` (stable): a least-significant-digit radix sort, a byte at a time. */
function sortByKey(keys: Uint32Array): Int32Array {
  const n = keys.length
  let order = new Int32Array(n), spare = new Int32Array(n)
  for (let r = 0; r < n; r++) order[r] = r
  const counts = new Int32Array(256)
  for (let shift = 0; shift < 32; shift += 8) {
    counts.fill(0)
    for (let k = 0; k < n; k++) counts[(keys[order[k]!]! >>> shift) & 255]!++
    for (let b = 0, at = 0; b < 256; b++) { const c = counts[b]!; counts[b] = at; at += c }
    for (let k = 0; k < n; k++) { const r = order[k]!; spare[counts[(keys[r]! >>> shift) & 255]!++] = r }
    ;[order, spare] = [spare, order]
  }
  return order
}

/** First position of `hash` in `hashes` (ascending), or where it would go. */
export function lowerBound(hashes: Uint32Array, hash: number): number {
  let lo = 0, hi = hashes.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (hashes[mid]! < hash) lo = mid + 1; else hi = mid
  }
  return lo
}
