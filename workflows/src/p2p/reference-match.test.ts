import t from 'tap'
import { referenceKeysByGroup } from './reference-match.js'

const pairs = (list: [number, number, number][]) => ({
  length: list.length, left: list.map((p) => p[0]), right: list.map((p) => p[1]), score: list.map((p) => p[2]),
})

t.test('only calling–reference pairs link; each calling group takes its best reference key', async (t) => {
  // Calling records 0,1 (group 7), 2 (group 8), 3 (group 9); reference records 4 (key 100), 5 (key 200), 6 (key 300).
  const keyOf = [7, 7, 8, 9, 100, 200, 300]
  const result = referenceKeysByGroup(pairs([
    [0, 1, 40], // calling–calling: ignored
    [4, 5, 50], // reference–reference: ignored
    [0, 4, 12], [5, 1, 18], // group 7 matches 100 (12) and 200 (18): 200 wins
    [2, 6, 9], [2, 5, 9], // group 8: a tie goes to the smaller key
  ]), 4, keyOf)
  t.same([...result.entries()].sort((a, b) => a[0] - b[0]), [[7, { referenceKey: 200, score: 18 }], [8, { referenceKey: 200, score: 9 }]])
  t.notOk(result.has(9), 'a group with no pair to the reference stays unlinked')
})

t.test('records without a key take no part', async (t) => {
  t.equal(referenceKeysByGroup(pairs([[0, 1, 20]]), 1, [0, 5]).size, 0)
  t.equal(referenceKeysByGroup(pairs([[0, 1, 20]]), 1, [5, 0]).size, 0)
})
