/**
 * Bloom-filter encoding of one field value for PPRL (Schnell, Bachteler & Reiher 2009): the value's padded
 * q-grams are each hashed into k bit positions by double hashing, position_i = (h1 + i·h2) mod L, where h1 and
 * h2 are the first two 32-bit words of HMAC-SHA256(projectSecret, q-gram). Without the secret the positions
 * cannot be recomputed, which is what keeps a dictionary attack out of reach of the linkage unit.
 */
import { createHmac } from 'node:crypto'
import { DEFAULT_FILTER_BITS } from './dice.js'

export interface BloomEncoding {
  secret: string | Uint8Array
  filterBits?: number
  hashCount?: number
  q?: number
  /** Pad with q−1 `_` on both sides so first and last letters weigh like the rest (default true). */
  padded?: boolean
}

export const DEFAULT_HASH_COUNT = 20
export const DEFAULT_Q = 2

export function qgrams(value: string, q = DEFAULT_Q, padded = true): string[] {
  const pad = padded ? '_'.repeat(q - 1) : ''
  const text = pad + value + pad
  const grams: string[] = []
  for (let i = 0; i + q <= text.length; i++) grams.push(text.slice(i, i + q))
  return grams
}

/** Encodes `value` (trimmed, lower-cased) into a filter of `filterBits` bits held in 32-bit words. */
export function bloomEncode(value: string, encoding: BloomEncoding): Uint32Array {
  const bits = encoding.filterBits ?? DEFAULT_FILTER_BITS
  const k = encoding.hashCount ?? DEFAULT_HASH_COUNT
  if (bits <= 0 || bits % 32 !== 0) throw new Error('Bloom filter length must be a positive multiple of 32 bits')
  const filter = new Uint32Array(bits / 32)
  const normalised = value.trim().toLowerCase()
  if (normalised === '') return filter
  for (const gram of new Set(qgrams(normalised, encoding.q ?? DEFAULT_Q, encoding.padded ?? true))) {
    const digest = createHmac('sha256', encoding.secret).update(gram, 'utf8').digest()
    const h1 = digest.readUInt32BE(0)
    const h2 = digest.readUInt32BE(4) | 1 // odd step so the k positions differ even when L is a power of 2
    for (let i = 0; i < k; i++) {
      const position = (h1 + i * h2) % bits
      filter[position >>> 5]! |= 1 << (position & 31)
    }
  }
  return filter
}

/** Filters travel as base64 of their little-endian bytes. */
export function bloomToBase64(filter: Uint32Array): string {
  const bytes = new Uint8Array(filter.length * 4)
  const view = new DataView(bytes.buffer)
  filter.forEach((word, i) => view.setUint32(i * 4, word, true))
  return Buffer.from(bytes).toString('base64')
}

export function bloomFromBase64(text: string, filterBits = DEFAULT_FILTER_BITS): Uint32Array {
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length * 8 !== filterBits) throw new Error(`Bloom filter must have ${filterBits} bits`)
  const filter = new Uint32Array(filterBits / 32)
  for (let i = 0; i < filter.length; i++) filter[i] = bytes.readUInt32LE(i * 4)
  return filter
}
