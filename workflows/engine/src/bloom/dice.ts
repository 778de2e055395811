/**
 * Dice coefficient 2|A∩B| / (|A|+|B|) on Bloom filters stored as Uint32Array words. `BloomStore` keeps a
 * fixed set of filters (one per distinct encoded value) in WebAssembly memory and scores index pairs in
 * bulk with the wasm popcount kernel; a SWAR popcount JS path is the fallback and the reference in tests.
 */
import { instantiateDice, type DicePairsFn } from './dice-wasm-module.js'

export const DEFAULT_FILTER_BITS = 1024
export const SCRATCH_PAIRS = 1 << 14

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24)
}

export function popcountWords(words: Uint32Array, from = 0, count = words.length): number {
  let total = 0
  for (let i = from; i < from + count; i++) total += popcount32(words[i]!)
  return total
}

/** Dice of two standalone filters of equal length; 0 when both are empty. */
export function diceJs(a: Uint32Array, b: Uint32Array): number {
  let inter = 0, pa = 0, pb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!, y = b[i]!
    inter += popcount32(x & y); pa += popcount32(x); pb += popcount32(y)
  }
  return pa + pb === 0 ? 0 : (2 * inter) / (pa + pb)
}

export class BloomStore {
  readonly wordsPerFilter: number
  readonly usingWasm: boolean
  private readonly memory: WebAssembly.Memory
  private readonly kernel: DicePairsFn | null
  private readonly words: Uint32Array
  private readonly pops: Uint32Array
  private readonly filtersAt: number
  private readonly leftAt: number
  private readonly rightAt: number
  private readonly outAt: number

  constructor(readonly filterBits: number, readonly count: number, options: { useWasm?: boolean } = {}) {
    if (filterBits <= 0 || filterBits % 64 !== 0) throw new Error('Bloom filter length must be a positive multiple of 64 bits')
    this.wordsPerFilter = filterBits / 32
    const bytesPerFilter = filterBits / 8
    const popsBytes = Math.ceil((count * 4) / 8) * 8
    this.filtersAt = popsBytes
    this.leftAt = this.filtersAt + count * bytesPerFilter
    this.rightAt = this.leftAt + SCRATCH_PAIRS * 4
    this.outAt = this.rightAt + SCRATCH_PAIRS * 4
    const totalBytes = this.outAt + SCRATCH_PAIRS * 8
    this.memory = new WebAssembly.Memory({ initial: Math.ceil(totalBytes / 65536) || 1 })
    this.kernel = options.useWasm === false ? null : instantiateDice(this.memory, bytesPerFilter)
    this.usingWasm = this.kernel !== null
    this.pops = new Uint32Array(this.memory.buffer, 0, count)
    this.words = new Uint32Array(this.memory.buffer, this.filtersAt, count * this.wordsPerFilter)
    this.scratch.left = new Int32Array(this.memory.buffer, this.leftAt, SCRATCH_PAIRS)
    this.scratch.right = new Int32Array(this.memory.buffer, this.rightAt, SCRATCH_PAIRS)
    this.scratch.out = new Float64Array(this.memory.buffer, this.outAt, SCRATCH_PAIRS)
  }

  set(index: number, filter: Uint32Array): void {
    if (filter.length !== this.wordsPerFilter) throw new Error(`Bloom filter must have ${this.filterBits} bits`)
    this.words.set(filter, index * this.wordsPerFilter)
    this.pops[index] = popcountWords(filter)
  }

  dice(a: number, b: number): number {
    const w = this.wordsPerFilter, words = this.words
    let inter = 0
    for (let i = 0; i < w; i++) inter += popcount32(words[a * w + i]! & words[b * w + i]!)
    const denom = this.pops[a]! + this.pops[b]!
    return denom === 0 ? 0 : (2 * inter) / denom
  }

  /**
   * Pair buffers inside the kernel's memory (SCRATCH_PAIRS long): fill `left`/`right` with filter indices,
   * call `diceScratch(n)`, read `out`. Saves the copies `dicePairs` makes; the memory never grows, so the
   * views stay valid.
   */
  readonly scratch = { left: new Int32Array(0), right: new Int32Array(0), out: new Float64Array(0) }

  diceScratch(n: number): void {
    const { left, right, out } = this.scratch
    if (n > left.length) throw new Error(`at most ${left.length} pairs per scratch run`)
    if (this.kernel) this.kernel(this.filtersAt, this.wordsPerFilter * 4, 0, this.leftAt, this.rightAt, n, this.outAt)
    else for (let k = 0; k < n; k++) out[k] = this.dice(left[k]!, right[k]!)
  }

  /** out[k] = dice(left[k], right[k]) for k < n. */
  dicePairs(left: Int32Array, right: Int32Array, n: number, out: Float64Array): void {
    const { left: l, right: r, out: o } = this.scratch
    for (let from = 0; from < n; from += SCRATCH_PAIRS) {
      const len = Math.min(SCRATCH_PAIRS, n - from)
      l.set(left.subarray(from, from + len))
      r.set(right.subarray(from, from + len))
      this.diceScratch(len)
      out.set(len === SCRATCH_PAIRS ? o : o.subarray(0, len), from)
    }
  }
}
