import t from 'tap'
import { pairWriteOrder } from './pair-order.js'

t.test('orders pairs by left, then right, stably', async (t) => {
  let seed = 11
  const random = (n: number) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n }
  for (const [pairs, size] of [[0, 5], [1, 1], [50, 8], [5000, 300], [20000, 20000]] as const) {
    const left = new Int32Array(pairs), right = new Int32Array(pairs)
    for (let k = 0; k < pairs; k++) { left[k] = random(size); right[k] = random(size) }
    const order = pairWriteOrder(left, right, pairs, size)
    const expected = Array.from({ length: pairs }, (_, k) => k).sort((a, b) => left[a]! - left[b]! || right[a]! - right[b]! || a - b)
    t.same(Array.from(order), expected, `${pairs} pairs over ${size} records`)
  }
})

t.test('only the first `length` pairs are ordered', async (t) => {
  const left = Int32Array.from([3, 1, 2, 0]), right = Int32Array.from([4, 4, 4, 4])
  t.same(Array.from(pairWriteOrder(left, right, 3, 5)), [1, 2, 0])
})
