import t from 'tap'
import { assignKeys } from '@ligature/engine'
import { reviewGrouping } from './review-grouping.js'

// Records 1-3 hold key 5, records 4-5 key 6, record 7 key 8. The review joins 1 with 4 (label A), puts 2 and 5
// under label B, and leaves 3 and 7 unnamed.
const ids = Float64Array.of(1, 2, 3, 4, 5, 7)
const keys = Float64Array.of(5, 5, 5, 6, 6, 8)
const labelOf = new Map([[1, 0], [4, 0], [2, 1], [5, 1]])

t.test('named records group by label; unnamed ones stay with what is left of their group', async (t) => {
  t.same(Array.from(reviewGrouping(ids, keys, labelOf, 2)), [0, 1, 2, 0, 1, 3])
})

t.test('keys follow the engine rule: oldest record keeps a split key, a join keeps the smallest key', async (t) => {
  const { keyOf, nextKeyNumber } = assignKeys(reviewGrouping(ids, keys, labelOf, 2), keys, 9)
  // Label A holds record 1 (the oldest of key 5) and record 4 (the oldest of key 6): it claims both and keeps
  // 5, the smaller; key 6 ends. Label B and the remainder of key 5 (record 3) get fresh keys; 7 keeps 8.
  t.same(Array.from(keyOf), [5, 9, 10, 5, 9, 8])
  t.equal(nextKeyNumber, 11)
})
