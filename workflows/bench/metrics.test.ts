import t from 'tap'
import { linkageQuality } from './metrics.js'

t.test('perfect grouping', async (t) => {
  const q = linkageQuality(['a', 'a', 'b', 'c', 'c', 'c'], ['1', '1', '2', '3', '3', '3'])
  t.match(q, { truePairs: 4, predictedPairs: 4, correctPairs: 4, precision: 1, recall: 1, f1: 1, exactClusters: 3, clusterExactness: 1 })
})

t.test('a missed link and a false link', async (t) => {
  // truth: {0,1,2} {3}; predicted: {0,1} {2,3}
  const q = linkageQuality(['a', 'a', 'a', 'b'], ['x', 'x', 'y', 'y'])
  t.equal(q.truePairs, 3)
  t.equal(q.predictedPairs, 2)
  t.equal(q.correctPairs, 1)
  t.equal(q.precision, 0.5)
  t.equal(q.recall, 1 / 3)
  t.equal(q.f1, 0.4)
  t.equal(q.exactClusters, 0)
})

t.test('everything apart', async (t) => {
  const q = linkageQuality(['a', 'a'], ['x', 'y'])
  t.match(q, { precision: 1, recall: 0, f1: 0 })
})
