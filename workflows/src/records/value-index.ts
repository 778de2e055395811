/**
 * A cached column's value index (record-cache.ts): the copy's dictionary codes placed by the hash of each value's
 * bytes, made once with the copy. A linkage places the values of the records added since among the copy's with
 * a lookup per added value, where it hashed every value the copy holds (a million-record project holds hundreds
 * of thousands of addresses): the work follows the envelope, not the project. Pure: no database, no files.
 */
import { hashBytes } from '@ligature/engine'

/** Where each value of a dictionary starts in its blob: the byte lengths before it, added up. */
export function valueStarts(lengths: Int32Array): Int32Array {
  const starts = new Int32Array(lengths.length)
  for (let k = 1; k < lengths.length; k++) starts[k] = starts[k - 1]! + lengths[k - 1]!
  return starts
}

/**
 * Open addressing over FNV-1a of the bytes, at most half full, a power of two in size: a slot holds a code, 0 a
 * free slot (code 0 is the empty value, which is never looked up). The dictionary's values are distinct.
 */
export function buildValueIndex(lengths: Int32Array, blob: Uint8Array): Int32Array {
  let size = 2
  while (size < 2 * lengths.length) size *= 2
  const slots = new Int32Array(size), mask = size - 1
  const starts = valueStarts(lengths)
  for (let code = 1; code < lengths.length; code++) {
    let slot = hashBytes(blob, starts[code]!, starts[code]! + lengths[code]!) & mask
    while (slots[slot] !== 0) slot = (slot + 1) & mask
    slots[slot] = code
  }
  return slots
}

/** An index as buildValueIndex makes it: a power of two in size, so it can be probed. */
export const isValueIndex = (slots: Int32Array) => slots.length >= 2 && (slots.length & (slots.length - 1)) === 0

export interface IndexedValues { slots: Int32Array; starts: Int32Array; lengths: Int32Array; blob: Uint8Array }

/**
 * The code of the value bytes[start, end) in the indexed dictionary: 0 for the empty value, −1 when it holds no
 * such value. At most one pass over the slots, so a damaged index answers −1 rather than looping.
 */
export function findValue({ slots, starts, lengths, blob }: IndexedValues, bytes: Uint8Array, start: number, end: number): number {
  const length = end - start
  if (length === 0) return 0
  const mask = slots.length - 1
  let slot = hashBytes(bytes, start, end) & mask
  for (let probes = 0; probes < slots.length; probes++, slot = (slot + 1) & mask) {
    const code = slots[slot]!
    if (code === 0) return -1
    if (lengths[code] !== length) continue
    const at = starts[code]!
    let k = 0
    while (k < length && blob[at + k] === bytes[start + k]) k++
    if (k === length) return code
  }
  return -1
}
