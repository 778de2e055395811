import t from 'tap'
import { agreementWeight, disagreementWeight, fieldWeights } from './weights.js'

const near = (a: number, b: number) => Math.abs(a - b) < 1e-12

t.test('log2 weights', async tt => {
  tt.equal(agreementWeight(0.9, 0.1), Math.log2(9))
  tt.equal(agreementWeight(0.95, 0.0125), Math.log2(76))
  tt.ok(near(disagreementWeight(0.9, 0.1), -Math.log2(9)), 'log2(0.1/0.9) = -log2 9')
  tt.equal(agreementWeight(0.5, 0.25), 1)
  tt.equal(disagreementWeight(0.5, 0.75), 1)
})

t.test('overrides', async tt => {
  const partial = fieldWeights({ m: 0.9, u: 0.1, agreementWeight: 7 })
  tt.equal(partial.agreement, 7)
  tt.ok(near(partial.disagreement, -Math.log2(9)), 'disagreement still computed')
  tt.same(fieldWeights({ m: 0, u: 0, agreementWeight: 5, disagreementWeight: -3 }), { agreement: 5, disagreement: -3 },
    'both overridden: m and u are not consulted')
  tt.same(fieldWeights({ m: 0.9, u: 0.1, agreementWeight: null }).agreement, Math.log2(9), 'null means no override')
})

t.test('invalid probabilities', async tt => {
  tt.throws(() => fieldWeights({ m: 1, u: 0.1 }), /m must lie/)
  tt.throws(() => fieldWeights({ m: 0.9, u: 0 }), /u must lie/)
  tt.throws(() => fieldWeights({ m: Number.NaN, u: 0.1 }))
})
