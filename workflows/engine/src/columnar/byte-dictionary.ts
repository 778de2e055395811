/**
 * Dictionary encoding straight from UTF-8 bytes: a value is hashed and compared as bytes where it lies in the
 * input buffer, and becomes a JS string only the first time it is seen. Reading a million records makes
 * millions of cells but only thousands of distinct values, and a string per cell (plus its hashing) was most
 * of the cost of reading records. Code 0 is the empty value, as in DictionaryBuilder.
 */
const EMPTY_CODE = 0

/** FNV-1a over bytes[start, end), unsigned: also the record cache's value index (workflows records/value-index.ts). */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5
  for (let k = start; k < end; k++) h = Math.imul(h ^ bytes[k]!, 0x01000193)
  return h >>> 0
}

export class ByteDictionary {
  readonly values: string[] = ['']
  private slots = new Int32Array(1 << 12)
  private hashes = new Uint32Array(1 << 10)
  private starts = new Int32Array(1 << 10)
  private lengths = new Int32Array(1 << 10)
  // A Buffer, so a new value is decoded from its copy here by Buffer's UTF-8 slice, which costs about a third of
  // TextDecoder's per short value. With the copy loop below: a column of 1,000,000 distinct values coded in
  // 0.58–0.72 s instead of 0.85–1.06 s (six rounds each, alternating); a column of 5,000 distinct values alike.
  private arena = Buffer.alloc(1 << 16)
  private used = 0

  /** Code of bytes[start, end). */
  code(bytes: Uint8Array, start: number, end: number): number {
    if (end === start) return EMPTY_CODE
    const h = hashBytes(bytes, start, end)
    const slot = this.slotOf(h, bytes, start, end - start)
    const code = this.slots[slot]!
    return code !== 0 ? code : this.insert(slot, h, bytes, start, end - start)
  }

  /** Code of bytes[start, end) if the dictionary holds that value, else −1; adds nothing. */
  find(bytes: Uint8Array, start: number, end: number): number {
    if (end === start) return EMPTY_CODE
    const code = this.slots[this.slotOf(hashBytes(bytes, start, end), bytes, start, end - start)]!
    return code !== 0 ? code : -1
  }

  /** The slot holding the value (hash `h`), or the empty slot where it would go. */
  private slotOf(h: number, bytes: Uint8Array, start: number, length: number): number {
    const mask = this.slots.length - 1
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const code = this.slots[slot]!
      if (code === 0 || (this.hashes[code] === h && this.lengths[code] === length && this.sameBytes(code, bytes, start, length))) return slot
    }
  }

  codeOfString(value: string | null | undefined): number {
    if (value == null || value === '') return EMPTY_CODE
    const bytes = Buffer.from(value, 'utf8')
    return this.code(bytes, 0, bytes.length)
  }

  private sameBytes(code: number, bytes: Uint8Array, start: number, length: number): boolean {
    const at = this.starts[code]!
    for (let k = 0; k < length; k++) if (this.arena[at + k] !== bytes[start + k]) return false
    return true
  }

  private insert(slot: number, hash: number, bytes: Uint8Array, start: number, length: number): number {
    const code = this.values.length
    if (code >= this.hashes.length) this.growEntries()
    if (this.used + length > this.arena.length) {
      const arena = Buffer.alloc(Math.max(this.arena.length * 2, this.used + length))
      this.arena.copy(arena, 0, 0, this.used)
      this.arena = arena
    }
    // A loop, not set(subarray(…)): values are short, and the view object cost more than the copy.
    const arena = this.arena, at = this.used
    for (let k = 0; k < length; k++) arena[at + k] = bytes[start + k]!
    this.hashes[code] = hash; this.starts[code] = at; this.lengths[code] = length
    this.used += length
    this.values.push(arena.toString('utf8', at, at + length))
    this.slots[slot] = code
    if (code * 2 > this.slots.length) this.rehash()
    return code
  }

  private growEntries(): void {
    const size = this.hashes.length * 2
    const grow = <T extends Uint32Array | Int32Array>(a: T, b: T) => { b.set(a); return b }
    this.hashes = grow(this.hashes, new Uint32Array(size))
    this.starts = grow(this.starts, new Int32Array(size))
    this.lengths = grow(this.lengths, new Int32Array(size))
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2)
    const mask = slots.length - 1
    for (let code = 1; code < this.values.length; code++) {
      let slot = this.hashes[code]! & mask
      while (slots[slot] !== 0) slot = (slot + 1) & mask
      slots[slot] = code
    }
    this.slots = slots
  }
}
