/**
 * Bloom-filter encoding of one field value for PPRL, by the double hashing of Schnell, Bachteler & Reiher
 * (2009, 2011) exactly as clkhash's `double_hash_encode_ngrams` does it, so a provider can encode with either:
 *
 *   h1 = int(HMAC-SHA1(key1, gram)) mod l      the whole digest read as one unsigned big-endian integer
 *   h2 = int(HMAC-MD5(key2, gram))  mod l
 *   bit_i = (h1 + i·h2) mod l,  i = 0 … k−1
 *
 * The q-grams are those of the trimmed, lower-cased value padded with one space on each side (clkhash's
 * tokenizer). Filters travel as base64 of the bit array with bit 0 as the most significant bit of byte 0 —
 * clkhash's `bitarray.tobytes()`. Without the keys the positions cannot be recomputed, which is what keeps a
 * dictionary attack out of reach of the linkage unit.
 *
 * h1 and h2 are reduced as unsigned integers: an earlier version took h2 from a 32-bit word with `| 1`, which
 * in JavaScript yields a signed value, so for half of all q-grams the positions went negative and their bits were
 * silently lost (DECISIONS.md "Bloom encoding").
 */
import { createHmac } from 'node:crypto'
import { DEFAULT_FILTER_BITS } from './dice.js'

export type BloomKey = string | Uint8Array

export interface BloomEncoding {
  /** One key for both HMACs, or clkhash's pair: [HMAC-SHA1 key, HMAC-MD5 key]. Strings are used as UTF-8. */
  secret: BloomKey | readonly [BloomKey, BloomKey]
  filterBits?: number
  hashCount?: number
  q?: number
  /** Pad with one space on both sides so first and last letters weigh like the rest (default true). */
  padded?: boolean
}

export const DEFAULT_HASH_COUNT = 20
export const DEFAULT_Q = 2

export function qgrams(value: string, q = DEFAULT_Q, padded = true): string[] {
  const text = padded && q > 1 ? ` ${value} ` : value
  const grams: string[] = []
  for (let i = 0; i + q <= text.length; i++) grams.push(text.slice(i, i + q))
  return grams
}

/** A digest read as one unsigned big-endian integer, reduced mod `l` a byte at a time (exact: r·256 + 255 < 2^53). */
export function digestMod(digest: Uint8Array, l: number): number {
  let r = 0
  for (const byte of digest) r = (r * 256 + byte) % l
  return r
}

const keysOf = (secret: BloomEncoding['secret']): readonly [BloomKey, BloomKey] =>
  typeof secret === 'string' || secret instanceof Uint8Array ? [secret, secret] : secret

/** The k bit positions of one q-gram (duplicates possible, e.g. when h2 ≡ 0 mod l). */
export function gramPositions(gram: string, keys: readonly [BloomKey, BloomKey], bits: number, k: number): number[] {
  const h1 = digestMod(createHmac('sha1', keys[0]).update(gram, 'utf8').digest(), bits)
  const h2 = digestMod(createHmac('md5', keys[1]).update(gram, 'utf8').digest(), bits)
  const positions: number[] = []
  for (let i = 0; i < k; i++) positions.push((h1 + i * h2) % bits)
  return positions
}

/** Encodes `value` (trimmed, lower-cased) into a filter of `filterBits` bits held in 32-bit words (bit p in word p>>5, bit p&31). */
export function bloomEncode(value: string, encoding: BloomEncoding): Uint32Array {
  const bits = encoding.filterBits ?? DEFAULT_FILTER_BITS
  const k = encoding.hashCount ?? DEFAULT_HASH_COUNT
  if (bits <= 0 || bits % 32 !== 0) throw new Error('Bloom filter length must be a positive multiple of 32 bits')
  const filter = new Uint32Array(bits / 32)
  const normalised = value.trim().toLowerCase()
  if (normalised === '') return filter
  const keys = keysOf(encoding.secret)
  for (const gram of new Set(qgrams(normalised, encoding.q ?? DEFAULT_Q, encoding.padded ?? true))) {
    for (const position of gramPositions(gram, keys, bits, k)) filter[position >>> 5]! |= 1 << (position & 31)
  }
  return filter
}

/** Byte b with its bit order reversed: the words hold bit p at weight 2^(p&7) of its byte, the wire at 2^(7−(p&7)). */
const REVERSED = Uint8Array.from({ length: 256 }, (_, b) => {
  let r = 0
  for (let i = 0; i < 8; i++) if (b & (1 << i)) r |= 0x80 >> i
  return r
})

/** Filters travel as base64 of their bit array, bit 0 first and most significant (clkhash's serialisation). */
export function bloomToBase64(filter: Uint32Array): string {
  const bytes = new Uint8Array(filter.length * 4)
  filter.forEach((word, i) => {
    for (let j = 0; j < 4; j++) bytes[i * 4 + j] = REVERSED[(word >>> (8 * j)) & 0xff]!
  })
  return Buffer.from(bytes).toString('base64')
}

export function bloomFromBase64(text: string, filterBits = DEFAULT_FILTER_BITS): Uint32Array {
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length * 8 !== filterBits) throw new Error(`Bloom filter must have ${filterBits} bits`)
  const filter = new Uint32Array(filterBits / 32)
  for (let i = 0; i < filter.length; i++) {
    let word = 0
    for (let j = 0; j < 4; j++) word |= REVERSED[bytes[i * 4 + j]!]! << (8 * j)
    filter[i] = word >>> 0
  }
  return filter
}
