/**
 * Best-link processing order: descending score (deterministic pairs score +Infinity and so come first),
 * ties in stream order. Sorting is a native BigUint64Array sort of (score key << 32 | pair index) written
 * through a Uint32Array view: no comparator calls, no BigInt per element. The score key is the float32
 * rounding of the score, bit-flipped so larger scores sort first; scores closer than float32 precision
 * (~1e-7 relative) count as ties and keep stream order.
 */
export function bestLinkOrder(scores: Float64Array, n: number): Uint32Array {
  if (n > 0xffffffff) throw new Error('too many pairs for one in-memory grouping')
  const keys = new BigUint64Array(n)
  const words = new Uint32Array(keys.buffer)
  const f32 = new Float32Array(1)
  const bits = new Uint32Array(f32.buffer)
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
  const lo = littleEndian ? 0 : 1, hi = 1 - lo
  for (let k = 0; k < n; k++) {
    f32[0] = scores[k]!
    const b = bits[0]!
    // Ascending-orderable bits: flip all for negatives, the sign bit for positives; then invert for descending.
    const ascending = b & 0x80000000 ? ~b >>> 0 : (b | 0x80000000) >>> 0
    words[2 * k + hi] = ~ascending >>> 0
    words[2 * k + lo] = k
  }
  keys.sort()
  const order = new Uint32Array(n)
  for (let k = 0; k < n; k++) order[k] = words[2 * k + lo]!
  return order
}
