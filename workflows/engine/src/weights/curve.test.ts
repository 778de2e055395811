import t from 'tap'
import { curveProblems, WeightCurve } from './curve.js'

const points = [
  { distance: 0, weightProportion: 0 },
  { distance: 0.8, weightProportion: 0.2 },
  { distance: 0.9, weightProportion: 0.6 },
  { distance: 1, weightProportion: 1 },
]

t.test('linear interpolation between points', async tt => {
  const c = new WeightCurve(points)
  tt.equal(c.proportion(0), 0)
  tt.ok(Math.abs(c.proportion(0.4) - 0.1) < 1e-12)
  tt.equal(c.proportion(0.8), 0.2)
  tt.ok(Math.abs(c.proportion(0.85) - 0.4) < 1e-12)
  tt.equal(c.proportion(1), 1)
  tt.ok(Math.abs(c.weight(0.85, 10, -4) - (-4 + 14 * 0.4)) < 1e-12, 'maps into [disagreement, agreement]')
})

t.test('flat beyond the end points', async tt => {
  const c = new WeightCurve([{ distance: 0.5, weightProportion: 0.25 }, { distance: 0.75, weightProportion: 0.75 }])
  tt.equal(c.proportion(0.1), 0.25)
  tt.equal(c.proportion(0.9), 0.75)
  tt.equal(c.proportion(0.625), 0.5)
})

t.test('validation', async tt => {
  tt.same(curveProblems(points), [])
  tt.match(curveProblems([]), ['a weight curve needs at least one point'])
  tt.match(curveProblems([{ distance: 0.5, weightProportion: 0 }, { distance: 0.2, weightProportion: 1 }]),
    [/sorted/])
  tt.match(curveProblems([{ distance: 0.5, weightProportion: 0 }, { distance: 0.5, weightProportion: 1 }]),
    [/duplicate distance/])
  tt.match(curveProblems([{ distance: 1.5, weightProportion: 0 }]), [/distance must lie/])
  tt.match(curveProblems([{ distance: 0.5, weightProportion: -1 }]), [/weightProportion must lie/])
  tt.throws(() => new WeightCurve([]))
})
