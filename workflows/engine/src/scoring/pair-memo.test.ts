import t from 'tap'
import { PairMemo } from './pair-memo.js'

t.test('stores, finds and clears when half full', async tt => {
  const memo = new PairMemo(4) // 16 slots: clears once 8 are used
  for (let k = 0; k < 7; k++) {
    const slot = memo.find(k, k + 1)
    tt.ok(slot < 0, 'absent before storing')
    memo.store(slot, k, k + 1, k / 10)
  }
  tt.equal(memo.valueAt(memo.find(3, 4)), 0.3)
  tt.ok(memo.find(4, 3) < 0, 'keys are ordered pairs; callers normalise a ≤ b')
  memo.store(memo.find(7, 8), 7, 8, 0.7)
  memo.store(memo.find(8, 9), 8, 9, 0.8) // triggers the clear
  tt.ok(memo.find(0, 1) < 0, 'old entries are gone after the clear')
  tt.equal(memo.valueAt(memo.find(8, 9)), 0.8, 'the entry stored during the clear survives')
})

t.test('finds each pair\'s own value through probing collisions and clears', async tt => {
  const memo = new PairMemo(10) // 1,024 slots: clears every 512 stores
  const expected = new Map<string, number>()
  let seed = 7
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0)
  let clears = 0
  for (let k = 0; k < 5_000; k++) {
    const a = next() % 300, b = a + (next() % 300)
    const slot = memo.find(a, b)
    if (slot >= 0) { tt.equal(memo.valueAt(slot), expected.get(`${a},${b}`)); continue }
    if (expected.size === 512) { expected.clear(); clears++ }
    const value = a * 1_000 + b + 0.25
    memo.store(slot, a, b, value)
    expected.set(`${a},${b}`, value)
  }
  tt.ok(clears >= 5, `${clears} clears`)
  for (const [key, value] of expected) {
    const [a, b] = key.split(',').map(Number) as [number, number]
    tt.equal(memo.valueAt(memo.find(a, b)), value)
  }
})
