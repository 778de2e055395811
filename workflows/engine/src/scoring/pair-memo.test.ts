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
