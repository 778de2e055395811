import t from 'tap'
import { bloomEncode, bloomToBase64 } from '../bloom/encode.js'
import { diceJs } from '../bloom/dice.js'
import { RecordTable } from '../columnar/record-table.js'
import { StrategyScorer } from './strategy-scorer.js'

t.test('Bloom field: Dice against the threshold, through a curve, missing weighs 0', async tt => {
  const enc = { secret: 'k' }
  const names = ['catherine', 'katherine', 'bob', null]
  const table = RecordTable.fromRows(names.map(n => ({ given: n === null ? null : bloomToBase64(bloomEncode(n, enc)) })),
    [{ name: 'given', kind: 'bloom' }])
  const dice = diceJs(bloomEncode('catherine', enc), bloomEncode('katherine', enc))
  tt.ok(dice > 0.7 && dice < 1, `catherine~katherine dice ${dice.toFixed(3)}`)
  const strategy = (threshold: number, curve?: { distance: number; weightProportion: number }[]) => ({
    name: 'pprl', order: 1, isActive: true, threshold: 0, blockingFields: [],
    matchingFields: [{ field: 'given', comparison: { type: 'Bloom' as const, threshold }, m: 0.9, u: 0.1,
      ...(curve ? { curve } : {}) }],
  })
  const left = Int32Array.of(0, 0, 0), right = Int32Array.of(1, 2, 3), out = new Float64Array(3)
  new StrategyScorer(strategy(0.7), table).score(left, right, 3, out)
  tt.same([...out], [Math.log2(9), Math.log2(1 / 9), 0])
  const curve = [{ distance: 0, weightProportion: 0 }, { distance: 1, weightProportion: 1 }]
  const scorer = new StrategyScorer(strategy(0.5, curve), table)
  scorer.score(left, right, 3, out)
  const a = Math.log2(9), d = Math.log2(1 / 9)
  tt.ok(Math.abs(out[0]! - (d + (a - d) * dice)) < 1e-9, 'curve maps Dice into the weight range')
  tt.equal(scorer.explain(0, 1)[0]!.weight, out[0])
})
