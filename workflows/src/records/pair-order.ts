/**
 * The order kept pairs are written in: by left record, then right record (table positions; the table is read
 * in id order, so this is id order). Postgres then appends to the primary key (linkage_id, left_id, right_id)
 * page after page instead of inserting all over it: 275,000 pairs COPY in about 0.7 s sorted against 1.0 s in
 * the matcher's order. Two stable counting-sort passes (right, then left), linear in pairs plus table size.
 */
export function pairWriteOrder(left: Int32Array, right: Int32Array, length: number, tableSize: number): Uint32Array {
  const byRight = countingPass(right, length, tableSize, null)
  return countingPass(left, length, tableSize, byRight)
}

/** A stable sort of `order` (identity when null) by `key[order[k]]`, keys in [0, size). */
function countingPass(key: Int32Array, length: number, size: number, order: Uint32Array | null): Uint32Array {
  const starts = new Uint32Array(size + 1)
  for (let k = 0; k < length; k++) starts[key[k]! + 1]!++
  for (let v = 0; v < size; v++) starts[v + 1]! += starts[v]!
  const sorted = new Uint32Array(length)
  for (let k = 0; k < length; k++) {
    const p = order === null ? k : order[k]!
    sorted[starts[key[p]!]!++] = p
  }
  return sorted
}
