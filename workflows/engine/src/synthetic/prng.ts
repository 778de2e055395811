/**
 * Small, fast, seedable PRNG (sfc32, seeded through splitmix32) so that the synthetic data set of a given
 * seed is the same on every machine and Node version. Not for anything secret.
 */
export class Prng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number) {
    let s = seed >>> 0
    const split = () => {
      s = (s + 0x9e3779b9) >>> 0
      let z = s
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
      return (z ^ (z >>> 16)) >>> 0
    }
    this.a = split()
    this.b = split()
    this.c = split()
    this.d = split()
    for (let i = 0; i < 12; i++) this.next()
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0
    this.d = (this.d + 1) >>> 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) >>> 0
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0
    this.c = (this.c + t) >>> 0
    return t / 4294967296
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n)
  }

  /** Integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1)
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!
  }

  /**
   * Picks with Zipf-like weights (rank r has weight 1/(r+1)^0.8): a few common names, a long tail of rare
   * ones, as in real name frequencies. `cumulative` comes from `zipfTable`.
   */
  zipf<T>(items: readonly T[], cumulative: Float64Array): T {
    const x = this.next() * cumulative[cumulative.length - 1]!
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! > x) hi = mid
      else lo = mid + 1
    }
    return items[lo]!
  }
}

export function zipfTable(size: number, exponent = 0.8): Float64Array {
  const table = new Float64Array(size)
  let sum = 0
  for (let r = 0; r < size; r++) table[r] = sum += 1 / Math.pow(r + 1, exponent)
  return table
}
