import t from 'tap'
import { bestLinkGrouping } from './best-link.js'
import { mergeGrouping } from './merge.js'
import { bestLinkOrder, tieOrder } from './pair-order.js'
import { PairStore } from './pair-store.js'

const store = (pairs: [number, number, number][]) => {
  const s = new PairStore()
  for (const [i, j, score] of pairs) s.push(i, j, score, 0)
  return s
}
/** Groups as sorted lists of record indices, for comparison. */
const groups = (groupOf: Int32Array) => {
  const by = new Map<number, number[]>()
  groupOf.forEach((g, i) => by.set(g, [...(by.get(g) ?? []), i]))
  return [...by.values()].sort((a, b) => a[0]! - b[0]!)
}

t.test('merge: connected components (B and E joined through C and D)', async tt => {
  const [A, B, C, D, E, F] = [0, 1, 2, 3, 4, 5]
  const result = mergeGrouping(6, store([[B, C, 10], [C, D, 3], [D, E, 8], [A, F, 1]]))
  tt.same(groups(result.groupOf), [[A, F], [B, C, D, E]])
  tt.equal(result.pairsApplied, 4)
})

t.test('merge joins existing groups through an incoming record', async tt => {
  const previous = Float64Array.of(7, 7, 3, 0)
  const result = mergeGrouping(4, store([[1, 3, 5], [2, 3, 5]]), previous)
  tt.same(groups(result.groupOf), [[0, 1, 2, 3]])
})

t.test('best-link: the product example A–Y, A–B, B–Z', async tt => {
  // Existing: Y (key 1) with Y2, Z (key 2). Incoming: A, B.
  const [Y, Y2, Z, A, B] = [0, 1, 2, 3, 4]
  const previous = Float64Array.of(1, 1, 2, 0, 0)
  const result = bestLinkGrouping(5, store([[B, Z, 20], [A, Y, 30], [A, B, 25]]), previous)
  tt.same(groups(result.groupOf), [[Y, Y2, A, B], [Z]], 'B follows A into Y\'s group; B–Z is refused')
  tt.equal(result.pairsApplied, 2)
  tt.equal(result.pairsRefused, 1)
})

t.test('best-link never joins two groups formed in the same pass; deterministic pairs go first', async tt => {
  const result = bestLinkGrouping(6, store([[0, 1, 10], [2, 3, 9], [1, 2, 50], [4, 5, -Infinity],
    [3, 4, Infinity]]))
  // Order: 3–4 (deterministic), 1–2 (50), 0–1 (10): joins 0 to {1,2}; 2–3 refused (two groups); 4–5 joins 5.
  tt.same(groups(result.groupOf), [[0, 1, 2], [3, 4, 5]])
  tt.equal(result.pairsRefused, 1)
})

t.test('best-link: an existing singleton is a group; unmatched incoming records get their own group', async tt => {
  const previous = Float64Array.of(4, 5, 0, 0)
  const result = bestLinkGrouping(4, store([[0, 2, 9], [1, 2, 8]]), previous)
  tt.same(groups(result.groupOf), [[0, 2], [1], [3]])
})

t.test('best-link order: descending, ties in stream order', async tt => {
  const order = bestLinkOrder(Float64Array.of(1, 5, -3, Infinity, 5, 0, -Infinity, 1e-9), 8)
  tt.same([...order], [3, 1, 4, 0, 7, 5, 2, 6])
})

t.test('tie order: by strategy, then left, then right record; best-link uses it between equal scores', async tt => {
  const s = new PairStore()
  for (const [i, j, score, strategy] of [[2, 3, 5, 0], [0, 3, 5, 1], [0, 2, 5, 0], [1, 2, 9, 1], [0, 1, 5, 0]] as const) s.push(i, j, score, strategy)
  tt.same([...tieOrder(s, 4)], [4, 2, 0, 1, 3])
  tt.same([...bestLinkOrder(s.score, s.length, tieOrder(s, 4))], [3, 4, 2, 0, 1], 'the 9 first, then the 5s in tie order')
})

t.test('merge refuses a pair that would join two groups a quality review separated', async tt => {
  // Records 0,1 (key 5, review group 0) and 2,3 (key 6, review group 1) were separated by a review; 4 is incoming
  // and matches both; 5 is unreviewed (key 7) and matches 4 too, so it may join.
  const previous = Float64Array.of(5, 5, 6, 6, 0, 7)
  const review = Int32Array.of(0, 0, 1, 1, -1, -1)
  const result = mergeGrouping(6, store([[0, 4, 9], [2, 4, 8], [4, 5, 7]]), previous, review)
  tt.same(groups(result.groupOf), [[0, 1, 4, 5], [2, 3]])
  tt.equal(result.pairsRefused, 1)
  tt.same(groups(mergeGrouping(6, store([[0, 4, 9], [2, 4, 8], [4, 5, 7]]), previous).groupOf), [[0, 1, 2, 3, 4, 5]], 'without decisions it merges all')
})

t.test('merge: a reviewed group joins through an unreviewed component carrying no decision', async tt => {
  // 4-5 form a component first, then it joins review group 1, then review group 0 is refused.
  const previous = Float64Array.of(5, 6, 0, 0, 0, 0)
  const review = Int32Array.of(0, 1, -1, -1, -1, -1)
  const result = mergeGrouping(6, store([[4, 5, 9], [1, 5, 8], [0, 4, 7]]), previous, review)
  tt.same(groups(result.groupOf), [[0], [1, 4, 5], [2], [3]])
  tt.equal(result.pairsRefused, 1)
})
