import t from 'tap'
import { BloomStore, diceJs, popcount32 } from './dice.js'

const filter = (bits: number, set: number[]) => {
  const f = new Uint32Array(bits / 32)
  for (const b of set) f[b >>> 5]! |= 1 << (b & 31)
  return f
}

t.test('popcount', async tt => {
  tt.equal(popcount32(0), 0)
  tt.equal(popcount32(0xffffffff), 32)
  tt.equal(popcount32(0x80000001), 2)
})

t.test('dice on hand-made filters', async tt => {
  const a = filter(64, [0, 1, 2, 3]), b = filter(64, [2, 3, 40, 63])
  tt.equal(diceJs(a, b), (2 * 2) / 8)
  tt.equal(diceJs(a, a), 1)
  tt.equal(diceJs(filter(64, []), filter(64, [])), 0, 'two empty filters')
  tt.equal(diceJs(a, filter(64, [10, 11])), 0)
})

for (const useWasm of [true, false]) {
  t.test(`BloomStore pairs (${useWasm ? 'wasm' : 'js'})`, async tt => {
    const store = new BloomStore(1024, 4, { useWasm })
    tt.equal(store.usingWasm, useWasm)
    store.set(0, filter(1024, [0, 5, 100, 1023]))
    store.set(1, filter(1024, [0, 5, 101, 1000]))
    store.set(2, filter(1024, []))
    store.set(3, filter(1024, [0, 5, 100, 1023]))
    const left = Int32Array.from([0, 0, 0, 2, 1])
    const right = Int32Array.from([1, 3, 2, 2, 3])
    const out = new Float64Array(5)
    store.dicePairs(left, right, 5, out)
    tt.same([...out], [0.5, 1, 0, 0, 0.5])
    tt.equal(store.dice(0, 1), 0.5)
  })
}

t.test('wasm and JS agree on many random filters across scratch chunks', async tt => {
  let seed = 7
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0)
  const wasm = new BloomStore(1024, 50), js = new BloomStore(1024, 50, { useWasm: false })
  for (let i = 0; i < 50; i++) {
    const f = new Uint32Array(32).map(() => rnd() & rnd())
    wasm.set(i, f); js.set(i, f)
  }
  const n = 40000
  const left = new Int32Array(n).map(() => rnd() % 50), right = new Int32Array(n).map(() => rnd() % 50)
  const a = new Float64Array(n), b = new Float64Array(n)
  wasm.dicePairs(left, right, n, a)
  js.dicePairs(left, right, n, b)
  tt.same(a, b)
})

t.test('filters that are not a multiple of 256 bits use the one-word kernel', async tt => {
  const wasm = new BloomStore(192, 3), js = new BloomStore(192, 3, { useWasm: false })
  const filters = [filter(192, [0, 64, 191]), filter(192, [0, 64, 100, 150]), filter(192, [191])]
  filters.forEach((f, i) => { wasm.set(i, f); js.set(i, f) })
  const out = new Float64Array(3)
  wasm.dicePairs(Int32Array.of(0, 0, 1), Int32Array.of(1, 2, 2), 3, out)
  tt.same([...out], [4 / 7, 2 / 4, 0])
  wasm.scratch.left.set([0, 1]); wasm.scratch.right.set([0, 1])
  wasm.diceScratch(2)
  tt.same([...wasm.scratch.out.subarray(0, 2)], [1, 1], 'in-place scratch run')
  tt.equal(js.dice(0, 1), 4 / 7)
})

t.test('rejects bad lengths', async tt => {
  tt.throws(() => new BloomStore(1000, 1))
  tt.throws(() => new BloomStore(1024, 1).set(0, new Uint32Array(8)))
})
