/**
 * Memo of a symmetric function of two dictionary codes (the weight of a string comparison), as an
 * open-addressing hash table on typed arrays: no allocation per lookup. When half full it is cleared rather
 * than grown, which bounds memory; values that recur (common names within blocks) are recomputed at most
 * once per clear.
 *
 * Each slot's two keys and its value share 16 bytes of one buffer (keys at int32 4s and 4s+1, value at
 * float64 2s+1), so a probe reads one cache line. The table (4 MiB) outgrows the caches and a probe lands at
 * random: with keys and values in three separate arrays, a lookup took up to three memory reads.
 */
const SLOT_INTS = 4

export class PairMemo {
  private readonly keys: Int32Array
  private readonly values: Float64Array
  private readonly mask: number
  private used = 0

  constructor(capacityLog2 = 18) {
    const capacity = 1 << capacityLog2
    this.mask = capacity - 1
    const buffer = new ArrayBuffer(capacity * SLOT_INTS * 4)
    this.keys = new Int32Array(buffer)
    this.values = new Float64Array(buffer)
    this.clear()
  }

  /** Slot of (a, b) with a ≤ b: ≥ 0 when present, else −(free slot) − 1. */
  find(a: number, b: number): number {
    const mask = this.mask, keys = this.keys
    let slot = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)) >>> 0
    slot = (slot ^ (slot >>> 15)) & mask
    for (;;) {
      const ka = keys[slot * SLOT_INTS]!
      if (ka === -1) return -slot - 1
      if (ka === a && keys[slot * SLOT_INTS + 1] === b) return slot
      slot = (slot + 1) & mask
    }
  }

  valueAt(slot: number): number {
    return this.values[slot * 2 + 1]!
  }

  /** Stores at the free slot `find` reported (encoded as −slot−1). */
  store(encodedFreeSlot: number, a: number, b: number, value: number): void {
    if (this.used * 2 >= this.mask) {
      this.clear()
      encodedFreeSlot = this.find(a, b)
    }
    const slot = -encodedFreeSlot - 1
    this.keys[slot * SLOT_INTS] = a
    this.keys[slot * SLOT_INTS + 1] = b
    this.values[slot * 2 + 1] = value
    this.used++
  }

  /** Every slot free: its first key −1 (codes are ≥ 0). */
  private clear(): void {
    const keys = this.keys
    for (let k = 0; k < keys.length; k += SLOT_INTS) keys[k] = -1
    this.used = 0
  }
}
