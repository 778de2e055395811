/**
 * Memo of a symmetric function of two dictionary codes (the weight of a string comparison), as an
 * open-addressing hash table on typed arrays: no allocation per lookup. When half full it is cleared rather
 * than grown, which bounds memory; values that recur (common names within blocks) are recomputed at most
 * once per clear.
 */
export class PairMemo {
  private readonly keysA: Int32Array
  private readonly keysB: Int32Array
  private readonly values: Float64Array
  private readonly mask: number
  private used = 0

  constructor(capacityLog2 = 18) {
    const capacity = 1 << capacityLog2
    this.mask = capacity - 1
    this.keysA = new Int32Array(capacity).fill(-1)
    this.keysB = new Int32Array(capacity)
    this.values = new Float64Array(capacity)
  }

  /** Slot of (a, b) with a ≤ b: ≥ 0 when present, else −(free slot) − 1. */
  find(a: number, b: number): number {
    const mask = this.mask, keysA = this.keysA, keysB = this.keysB
    let slot = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)) >>> 0
    slot = (slot ^ (slot >>> 15)) & mask
    for (;;) {
      const ka = keysA[slot]!
      if (ka === -1) return -slot - 1
      if (ka === a && keysB[slot] === b) return slot
      slot = (slot + 1) & mask
    }
  }

  valueAt(slot: number): number {
    return this.values[slot]!
  }

  /** Stores at the free slot `find` reported (encoded as −slot−1). */
  store(encodedFreeSlot: number, a: number, b: number, value: number): void {
    if (this.used * 2 >= this.mask) {
      this.keysA.fill(-1)
      this.used = 0
      encodedFreeSlot = this.find(a, b)
    }
    const slot = -encodedFreeSlot - 1
    this.keysA[slot] = a
    this.keysB[slot] = b
    this.values[slot] = value
    this.used++
  }
}
