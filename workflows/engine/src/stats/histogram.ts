/**
 * Score histogram for the linkage report: fixed-width bins [k·width, (k+1)·width), sparse (only bins that
 * received scores are listed), with deterministic (+Infinity) scores counted apart. Histograms of
 * partitions merge by adding counts.
 */
export interface HistogramBin { from: number; to: number; count: number }
export interface HistogramJson { binWidth: number; bins: HistogramBin[]; deterministic: number; total: number }

export class ScoreHistogram {
  private readonly counts = new Map<number, number>()
  private deterministic = 0
  private total = 0

  constructor(readonly binWidth = 1) {
    if (!(binWidth > 0)) throw new Error('bin width must be positive')
  }

  add(score: number): void {
    this.total++
    if (score === Number.POSITIVE_INFINITY) { this.deterministic++; return }
    const bin = Math.floor(score / this.binWidth)
    this.counts.set(bin, (this.counts.get(bin) ?? 0) + 1)
  }

  addAll(scores: Float64Array, n = scores.length): void {
    for (let k = 0; k < n; k++) this.add(scores[k]!)
  }

  merge(other: ScoreHistogram): void {
    if (other.binWidth !== this.binWidth) throw new Error('cannot merge histograms of different bin widths')
    for (const [bin, count] of other.counts) this.counts.set(bin, (this.counts.get(bin) ?? 0) + count)
    this.deterministic += other.deterministic
    this.total += other.total
  }

  toJSON(): HistogramJson {
    const bins = [...this.counts].sort((a, b) => a[0] - b[0])
      .map(([bin, count]) => ({ from: bin * this.binWidth, to: (bin + 1) * this.binWidth, count }))
    return { binWidth: this.binWidth, bins, deterministic: this.deterministic, total: this.total }
  }
}
