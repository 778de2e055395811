import t from 'tap'
import { bloomEncode, bloomFromBase64, bloomToBase64, qgrams } from './encode.js'
import { diceJs, popcountWords } from './dice.js'

const enc = { secret: 'project-secret' }

t.test('padded bigrams', async tt => {
  tt.same(qgrams('ann'), ['_a', 'an', 'nn', 'n_'])
  tt.same(qgrams('ann', 2, false), ['an', 'nn'])
  tt.same(qgrams('ab', 3), ['__a', '_ab', 'ab_', 'b__'])
})

t.test('encoding is keyed, deterministic and similarity-preserving', async tt => {
  const a = bloomEncode('Peter', enc)
  tt.equal(a.length, 32)
  tt.same(a, bloomEncode(' peter ', enc), 'trimmed and lower-cased')
  tt.notSame(a, bloomEncode('peter', { secret: 'other' }), 'a different secret gives different bits')
  const bits = popcountWords(a)
  tt.ok(bits > 20 && bits <= 6 * 20, `6 bigrams × 20 hashes set ${bits} bits`)
  const close = diceJs(a, bloomEncode('petra', enc))
  const far = diceJs(a, bloomEncode('zhang', enc))
  tt.ok(close > 0.4 && close > far + 0.2, `peter~petra ${close.toFixed(2)} > peter~zhang ${far.toFixed(2)}`)
  tt.equal(popcountWords(bloomEncode('', enc)), 0, 'empty value, empty filter')
})

t.test('base64 round trip', async tt => {
  const f = bloomEncode('smith', { ...enc, filterBits: 512, hashCount: 10 })
  const text = bloomToBase64(f)
  tt.same(bloomFromBase64(text, 512), f)
  tt.throws(() => bloomFromBase64(text, 1024))
})
