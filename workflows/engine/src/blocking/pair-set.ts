/**
 * Set of record pairs (i < j) on typed arrays with open addressing, grown by doubling. Used to skip pairs
 * an earlier strategy already kept.
 */
export class PairSet {
  private left: Int32Array
  private right: Int32Array
  private mask: number
  private count = 0

  constructor(initialCapacityLog2 = 16) {
    const capacity = 1 << initialCapacityLog2
    this.left = new Int32Array(capacity).fill(-1)
    this.right = new Int32Array(capacity)
    this.mask = capacity - 1
  }

  get size(): number {
    return this.count
  }

  private slotOf(i: number, j: number): number {
    let slot = (Math.imul(i, 0x9e3779b1) ^ Math.imul(j + 0x7f4a7c15, 0x85ebca77)) >>> 0
    slot = (slot ^ (slot >>> 16)) & this.mask
    while (this.left[slot] !== -1 && !(this.left[slot] === i && this.right[slot] === j)) slot = (slot + 1) & this.mask
    return slot
  }

  has(i: number, j: number): boolean {
    if (i > j) { const t = i; i = j; j = t }
    return this.left[this.slotOf(i, j)] !== -1
  }

  /** Adds the pair; false when it was already present. */
  add(i: number, j: number): boolean {
    if (i > j) { const t = i; i = j; j = t }
    if ((this.count + 1) * 2 > this.mask) this.grow()
    const slot = this.slotOf(i, j)
    if (this.left[slot] !== -1) return false
    this.left[slot] = i
    this.right[slot] = j
    this.count++
    return true
  }

  private grow(): void {
    const oldLeft = this.left, oldRight = this.right
    this.left = new Int32Array(oldLeft.length * 2).fill(-1)
    this.right = new Int32Array(oldLeft.length * 2)
    this.mask = this.left.length - 1
    for (let s = 0; s < oldLeft.length; s++) {
      const i = oldLeft[s]!
      if (i === -1) continue
      const slot = this.slotOf(i, oldRight[s]!)
      this.left[slot] = i
      this.right[slot] = oldRight[s]!
    }
  }
}
