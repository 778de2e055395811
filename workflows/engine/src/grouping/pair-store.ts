/**
 * The kept pairs of a linkage as growable typed arrays: the pair stream grouping consumes. `strategy` is the
 * index into the run's ordered active strategies, so a pair can be explained (StrategyScorer.explain) and
 * written with its strategy. The on-disk variant streams the same columns from Postgres.
 */
export class PairStore {
  left = new Int32Array(1024)
  right = new Int32Array(1024)
  score = new Float64Array(1024)
  strategy = new Uint16Array(1024)
  length = 0

  private ensure(extra: number): void {
    const need = this.length + extra
    if (need <= this.left.length) return
    let capacity = this.left.length * 2
    while (capacity < need) capacity *= 2
    const grow = <T extends Int32Array | Float64Array | Uint16Array>(a: T, make: (n: number) => T): T => {
      const b = make(capacity)
      b.set(a.subarray(0, this.length))
      return b
    }
    this.left = grow(this.left, n => new Int32Array(n))
    this.right = grow(this.right, n => new Int32Array(n))
    this.score = grow(this.score, n => new Float64Array(n))
    this.strategy = grow(this.strategy, n => new Uint16Array(n))
  }

  push(i: number, j: number, score: number, strategy: number): void {
    this.ensure(1)
    const k = this.length++
    this.left[k] = i; this.right[k] = j; this.score[k] = score; this.strategy[k] = strategy
  }

  /** Appends the first n entries of a scored chunk. */
  append(left: Int32Array, right: Int32Array, score: Float64Array, n: number, strategy: number): void {
    this.ensure(n)
    this.left.set(left.subarray(0, n), this.length)
    this.right.set(right.subarray(0, n), this.length)
    this.score.set(score.subarray(0, n), this.length)
    this.strategy.fill(strategy, this.length, this.length + n)
    this.length += n
  }
}
