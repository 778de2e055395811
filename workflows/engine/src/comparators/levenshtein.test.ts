import t from 'tap'
import { boundedLevenshtein, levenshteinSimilarity } from './levenshtein.js'

t.test('known distances', async tt => {
  tt.equal(boundedLevenshtein('kitten', 'sitting', 10), 3)
  tt.equal(boundedLevenshtein('flaw', 'lawn', 10), 2)
  tt.equal(boundedLevenshtein('saturday', 'sunday', 10), 3)
  tt.equal(boundedLevenshtein('', 'abc', 10), 3)
  tt.equal(boundedLevenshtein('abc', 'abc', 0), 0)
  tt.equal(boundedLevenshtein('19560409', '19650409', 5), 2, 'digit transposition costs two edits')
})

t.test('bound cuts off at maxDistance + 1', async tt => {
  tt.equal(boundedLevenshtein('kitten', 'sitting', 2), 3)
  tt.equal(boundedLevenshtein('abcdefgh', 'zyxwvuts', 1), 2)
  tt.equal(boundedLevenshtein('a', 'abcdef', 2), 3, 'length difference alone exceeds the bound')
})

t.test('normalised similarity', async tt => {
  tt.equal(levenshteinSimilarity('kitten', 'sitting', 3), 1 - 3 / 7)
  tt.equal(levenshteinSimilarity('kitten', 'sitting', 2), 0)
  tt.equal(levenshteinSimilarity('', '', 1), 1)
  tt.equal(levenshteinSimilarity('smith', 'smyth', 1), 0.8)
})

t.test('long strings grow the scratch rows', async tt => {
  const a = 'ab'.repeat(100)
  tt.equal(boundedLevenshtein(a, a.slice(0, 199) + 'x', 3), 1)
})
