import t from 'tap'
import { bestLinkGrouping } from './best-link.js'
import { assignKeys, formatKey, parseKey } from './keys.js'
import { mergeGrouping } from './merge.js'
import { PairStore } from './pair-store.js'
import { groupsForReview } from './review.js'

const store = (pairs: [number, number][]) => {
  const s = new PairStore()
  for (const [i, j] of pairs) s.push(i, j, 10, 0)
  return s
}

t.test('key format', async tt => {
  tt.equal(formatKey(1234), 'LK000000001234')
  tt.equal(parseKey('LK000000001234'), 1234)
  tt.throws(() => parseKey('LK12'))
})

t.test('keys are stable across two linkages', async tt => {
  // Linkage 1: records 0..3, pairs 0–1 and 2–3.
  const first = assignKeys(bestLinkGrouping(4, store([[0, 1], [2, 3]])).groupOf, null, 1)
  tt.same([...first.keyOf], [1, 1, 2, 2])
  tt.same([first.groupsNew, first.groupsUpdated, first.groupsUnchanged, first.groupsDeleted], [2, 0, 0, 0])
  tt.equal(first.nextKeyNumber, 3)
  // Linkage 2: the same records plus incoming 4 (joins record 2's group) and 5 (alone).
  const previous = Float64Array.of(...first.keyOf, 0, 0)
  const second = assignKeys(bestLinkGrouping(6, store([[2, 4]]), previous).groupOf, previous, first.nextKeyNumber)
  tt.same([...second.keyOf], [1, 1, 2, 2, 2, 3])
  tt.same([second.groupsNew, second.groupsUpdated, second.groupsUnchanged, second.groupsDeleted], [1, 1, 1, 0])
})

t.test('merge survivor: the smallest key number survives', async tt => {
  const previous = Float64Array.of(9, 4, 4, 6, 0)
  // Incoming record 4 links 9's and 4's groups; 6 stays alone.
  const result = assignKeys(mergeGrouping(5, store([[0, 4], [2, 4]]), previous).groupOf, previous, 10)
  tt.same([...result.keyOf], [4, 4, 4, 6, 4])
  tt.same(result.renamed, [{ from: 9, to: 4 }])
  tt.same([result.groupsNew, result.groupsUpdated, result.groupsUnchanged, result.groupsDeleted], [0, 1, 1, 1])
  tt.equal(result.nextKeyNumber, 10)
})

t.test('a split key stays with the first group in record order', async tt => {
  const result = assignKeys(Int32Array.of(0, 1, 1), Float64Array.of(5, 5, 0), 8)
  tt.same([...result.keyOf], [5, 8, 8])
  tt.same([result.groupsNew, result.groupsUnchanged], [1, 1])
})

t.test('authoritative event types: more than one record in a group is flagged', async tt => {
  const keyOf = Float64Array.of(1, 1, 2, 2, 3, 3, 3)
  const eventType = Int32Array.of(10, 10, 10, 20, 20, 20, 11)
  tt.same(groupsForReview(keyOf, eventType, new Set([10, 11])), [1])
  tt.same(groupsForReview(keyOf, eventType, new Set([20])), [3])
  tt.same(groupsForReview(keyOf, eventType, new Set()), [])
})
