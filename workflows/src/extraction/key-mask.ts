/**
 * Masked person keys of snapshot extraction projects (product behaviour §2.8): a keyed permutation of the
 * project's key numbers, so the same person has the same masked key across every event type of one
 * extraction project, different keys in two projects, and no two people ever share one. It is a balanced
 * Feistel network over 52 bits (two 26-bit halves, 10 rounds, as in NIST FF1) whose round function is
 * AES-128 under the extraction project's secret key: without the key the masked keys reveal neither the
 * key numbers nor their order. Output: 13 uppercase hex digits.
 */
import { createCipheriv, type Cipher } from 'node:crypto'

const HALF_BITS = 26
const HALF = 2 ** HALF_BITS
const HALF_MASK = HALF - 1
const ROUNDS = 10
export const MASKED_KEY_LENGTH = 13

export interface KeyMask {
  /** Masks `count` key numbers from `keys` into `out` (one AES call per round for the whole batch). */
  maskBatch(keys: ArrayLike<number>, count: number, out: string[]): void
  mask(keyNumber: number): string
}

export function createKeyMask(secret: Buffer): KeyMask {
  if (secret.length !== 16) throw new Error('the masking key is 16 bytes')
  // ECB over independent 16-byte blocks is exactly "AES applied to each block": the cipher object is reused.
  const cipher: Cipher = createCipheriv('aes-128-ecb', secret, null).setAutoPadding(false)
  let left = new Uint32Array(0), right = new Uint32Array(0), blocks = Buffer.alloc(0)

  function maskBatch(keys: ArrayLike<number>, count: number, out: string[]): void {
    if (left.length < count) { left = new Uint32Array(count); right = new Uint32Array(count); blocks = Buffer.alloc(count * 16) }
    for (let i = 0; i < count; i++) {
      const k = keys[i]!
      if (!Number.isInteger(k) || k < 0 || k >= HALF * HALF) throw new RangeError(`key number out of range: ${k}`)
      left[i] = Math.floor(k / HALF); right[i] = k % HALF
    }
    blocks.fill(0, 0, count * 16)
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < count; i++) { blocks.writeUInt32BE(right[i]!, i * 16); blocks[i * 16 + 4] = round }
      const f = cipher.update(blocks.subarray(0, count * 16))
      for (let i = 0; i < count; i++) {
        const next = (left[i]! ^ (f.readUInt32BE(i * 16) & HALF_MASK)) >>> 0
        left[i] = right[i]!; right[i] = next
      }
    }
    for (let i = 0; i < count; i++) out[i] = (left[i]! * HALF + right[i]!).toString(16).toUpperCase().padStart(MASKED_KEY_LENGTH, '0')
  }
  return {
    maskBatch,
    mask(keyNumber: number): string {
      const out: string[] = []
      maskBatch([keyNumber], 1, out)
      return out[0]!
    },
  }
}
