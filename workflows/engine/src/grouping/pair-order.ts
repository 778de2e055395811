/**
 * Best-link processing order: descending score (deterministic pairs score +Infinity and so come first),
 * ties broken by `ties` (a permutation of pair indices, earlier = first; see `tieOrder`) or else by stream
 * order. Sorting is a native BigUint64Array sort of (score key << 32 | tie rank) written through a
 * Uint32Array view: no comparator calls, no BigInt per element. The score key is the float32 rounding of the
 * score, bit-flipped so larger scores sort first; scores closer than float32 precision (~1e-7 relative)
 * count as ties.
 */
export function bestLinkOrder(scores: Float64Array, n: number, ties: Uint32Array | null = null): Uint32Array {
  if (n > 0xffffffff) throw new Error('too many pairs for one in-memory grouping')
  const keys = new BigUint64Array(n)
  const words = new Uint32Array(keys.buffer)
  const f32 = new Float32Array(1)
  const bits = new Uint32Array(f32.buffer)
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
  const lo = littleEndian ? 0 : 1, hi = 1 - lo
  for (let rank = 0; rank < n; rank++) {
    f32[0] = scores[ties ? ties[rank]! : rank]!
    const b = bits[0]!
    // Ascending-orderable bits: flip all for negatives, the sign bit for positives; then invert for descending.
    const ascending = b & 0x80000000 ? ~b >>> 0 : (b | 0x80000000) >>> 0
    words[2 * rank + hi] = ~ascending >>> 0
    words[2 * rank + lo] = rank
  }
  keys.sort()
  const order = new Uint32Array(n)
  for (let q = 0; q < n; q++) { const rank = words[2 * q + lo]!; order[q] = ties ? ties[rank]! : rank }
  return order
}

/**
 * Pair indices ordered by (strategy, left, right): the tie order the on-disk grouping uses too (Postgres
 * sorts by score, strategy order, left id, right id, and record indices follow ids), so in-memory and
 * on-disk best-link give the same groups. Three stable counting sorts, O(pairs + records).
 */
export function tieOrder(pairs: { left: Int32Array; right: Int32Array; strategy: Uint16Array; length: number }, size: number): Uint32Array {
  let perm: Uint32Array = new Uint32Array(pairs.length)
  for (let k = 0; k < perm.length; k++) perm[k] = k
  let strategies = 1
  for (let k = 0; k < pairs.length; k++) if (pairs.strategy[k]! >= strategies) strategies = pairs.strategy[k]! + 1
  perm = countingSort(perm, pairs.right, size)
  perm = countingSort(perm, pairs.left, size)
  return countingSort(perm, pairs.strategy, strategies)
}

function countingSort(perm: Uint32Array, key: Int32Array | Uint16Array, range: number): Uint32Array {
  const counts = new Uint32Array(range + 1)
  for (let p = 0; p < perm.length; p++) counts[key[perm[p]!]! + 1]!++
  for (let v = 0; v < range; v++) counts[v + 1]! += counts[v]!
  const out = new Uint32Array(perm.length)
  for (let p = 0; p < perm.length; p++) { const k = perm[p]!; out[counts[key[k]!]!++] = k }
  return out
}
