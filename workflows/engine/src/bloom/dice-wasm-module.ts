/**
 * A hand-assembled WebAssembly module (no wabt at run time) holding two variants of one function:
 *
 *   dice_pairs(base, bytesPerFilter, pops, left, right, n, out)
 *     for k < n: a = left[k], b = right[k]
 *       inter = Σ popcnt64(filter[a][w] & filter[b][w])
 *       out[k] = pops[a] + pops[b] == 0 ? 0 : 2·inter / (pops[a] + pops[b])      (f64)
 *
 * `dice_pairs` walks one i64 word per iteration (bytesPerFilter a multiple of 8); `dice_pairs_x4` four, via
 * load offsets 0/8/16/24 (bytesPerFilter a multiple of 32, e.g. 1024-bit filters).
 * Memory is imported as env.memory so the JS side owns layout and growth. All addresses are byte offsets. The text form is in the comments beside each instruction group.
 */
const I32 = 0x7f, I64 = 0x7e
const op = {
  block: 0x02, loop: 0x03, end: 0x0b, brIf: 0x0d, select: 0x1b,
  get: 0x20, set: 0x21, tee: 0x22,
  i32Load: 0x28, i64Load: 0x29, f64Store: 0x39,
  i32Const: 0x41, i64Const: 0x42, f64Const: 0x44,
  i32LtU: 0x49, i32Add: 0x6a, i32Mul: 0x6c, i32Shl: 0x74,
  i64Popcnt: 0x7b, i64Add: 0x7c, i64And: 0x83,
  f64Mul: 0xa2, f64Div: 0xa3, f64FromU32: 0xb8, f64FromU64: 0xba,
} as const
const VOID = 0x40

// Parameter and local indices.
const base = 0, bytes = 1, pops = 2, left = 3, right = 4, n = 5, out = 6
const k = 7, pa = 8, pb = 9, w = 10, a = 11, b = 12, denom = 13, inter = 14

function leb(value: number): number[] {
  const result: number[] = []
  do {
    let byte = value & 0x7f
    value >>>= 7
    if (value !== 0) byte |= 0x80
    result.push(byte)
  } while (value !== 0)
  return result
}
const name = (s: string) => [...leb(s.length), ...Buffer.from(s, 'utf8')]
const section = (id: number, content: number[]) => [id, ...leb(content.length), ...content]
const f64 = (v: number) => [...new Uint8Array(new Float64Array([v]).buffer)]
/** addr = array + (index << shift) */
const element = (array: number, index: number, shift: number) =>
  [op.get, array, op.get, index, op.i32Const, shift, op.i32Shl, op.i32Add]

/** The words loop, `unroll` i64 words per iteration via load offsets (bytesPerFilter % (8·unroll) == 0). */
function wordsLoop(unroll: number): number[] {
  const code = [op.loop, VOID]
  for (let u = 0; u < unroll; u++) {
    code.push(op.get, pa, op.get, w, op.i32Add, op.i64Load, 3, ...leb(u * 8))
    code.push(op.get, pb, op.get, w, op.i32Add, op.i64Load, 3, ...leb(u * 8))
    code.push(op.i64And, op.i64Popcnt)
    if (u > 0) code.push(op.i64Add)
  }
  code.push(op.get, inter, op.i64Add, op.set, inter)
  code.push(op.get, w, op.i32Const, ...leb(unroll * 8), op.i32Add, op.tee, w, op.get, bytes, op.i32LtU, op.brIf, 0, op.end)
  return code
}

const body = (unroll: number) => [
  2, 7, I32, 1, I64, // locals: k pa pb w a b denom : i32, inter : i64
  op.block, VOID,
  op.get, n, 0x45 /* i32.eqz */, op.brIf, 0,
  op.loop, VOID,
  ...element(left, k, 2), op.i32Load, 2, 0, op.set, a, // a = left[k]
  ...element(right, k, 2), op.i32Load, 2, 0, op.set, b, // b = right[k]
  op.get, base, op.get, a, op.get, bytes, op.i32Mul, op.i32Add, op.set, pa,
  op.get, base, op.get, b, op.get, bytes, op.i32Mul, op.i32Add, op.set, pb,
  op.i64Const, 0, op.set, inter,
  op.i32Const, 0, op.set, w,
  ...wordsLoop(unroll), // inter += Σ popcnt(pa[w] & pb[w])
  ...element(pops, a, 2), op.i32Load, 2, 0,
  ...element(pops, b, 2), op.i32Load, 2, 0,
  op.i32Add, op.set, denom,
  ...element(out, k, 3), // store address
  op.get, inter, op.f64FromU64, op.f64Const, ...f64(2), op.f64Mul,
  op.get, denom, op.f64FromU32, op.f64Div,
  op.f64Const, ...f64(0),
  op.get, denom, op.select, // denom != 0 ? dice : 0
  op.f64Store, 3, 0,
  op.get, k, op.i32Const, 1, op.i32Add, op.tee, k, op.get, n, op.i32LtU, op.brIf, 0,
  op.end,
  op.end,
  op.end,
]
const body1 = body(1)
const body4 = body(4)

export const DICE_WASM_BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [1, 0x60, 7, I32, I32, I32, I32, I32, I32, I32, 0]),
  ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 1]),
  ...section(3, [2, 0, 0]),
  ...section(7, [2, ...name('dice_pairs'), 0x00, 0, ...name('dice_pairs_x4'), 0x00, 1]),
  ...section(10, [2, ...leb(body1.length), ...body1, ...leb(body4.length), ...body4]),
])

export type DicePairsFn = (base: number, bytesPerFilter: number, pops: number, left: number,
  right: number, n: number, out: number) => void

let compiled: WebAssembly.Module | null | undefined

/**
 * Instantiates the kernel for filters of `bytesPerFilter` over `memory`; null when WebAssembly is unavailable
 * (the caller falls back to JS).
 */
export function instantiateDice(memory: WebAssembly.Memory, bytesPerFilter: number): DicePairsFn | null {
  if (compiled === undefined) {
    try { compiled = new WebAssembly.Module(DICE_WASM_BYTES) } catch { compiled = null }
  }
  if (compiled === null) return null
  const instance = new WebAssembly.Instance(compiled, { env: { memory } })
  return instance.exports[bytesPerFilter % 32 === 0 ? 'dice_pairs_x4' : 'dice_pairs'] as DicePairsFn
}
