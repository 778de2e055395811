import t from 'tap'
import { ScoreHistogram } from './histogram.js'

t.test('fixed-width bins, deterministic apart, merge', async tt => {
  const h = new ScoreHistogram(2)
  h.addAll(Float64Array.of(0, 1.9, 2, -0.5, 13, Infinity))
  tt.same(h.toJSON(), {
    binWidth: 2, deterministic: 1, total: 6,
    bins: [{ from: -2, to: 0, count: 1 }, { from: 0, to: 2, count: 2 }, { from: 2, to: 4, count: 1 },
      { from: 12, to: 14, count: 1 }],
  })
  const other = new ScoreHistogram(2)
  other.add(3)
  h.merge(other)
  tt.equal(h.toJSON().bins[2]!.count, 2)
  tt.equal(h.toJSON().total, 7)
  tt.throws(() => h.merge(new ScoreHistogram(1)))
  tt.throws(() => new ScoreHistogram(0))
})
