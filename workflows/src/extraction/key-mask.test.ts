import t from 'tap'
import { createKeyMask, MASKED_KEY_LENGTH } from './key-mask.js'

const keyA = Buffer.from('00112233445566778899aabbccddeeff', 'hex')
const keyB = Buffer.from('ffeeddccbbaa99887766554433221100', 'hex')

t.test('masked keys are 13 uppercase hex digits and depend only on the key number and the secret', async (t) => {
  const a = createKeyMask(keyA)
  const m = a.mask(1)
  t.match(m, /^[0-9A-F]{13}$/)
  t.equal(m.length, MASKED_KEY_LENGTH)
  t.equal(createKeyMask(keyA).mask(1), m, 'the same secret gives the same mask (a fresh instance too)')
  t.not(createKeyMask(keyB).mask(1), m, 'another secret gives another mask')
  const out: string[] = []
  a.maskBatch([1, 2, 1], 3, out)
  t.same(out, [m, a.mask(2), m], 'batches agree with single calls')
})

t.test('a permutation: 200,000 consecutive key numbers give 200,000 different masks, in no numeric order', async (t) => {
  const a = createKeyMask(keyA)
  const n = 200_000
  const keys = Float64Array.from({ length: n }, (_, i) => i + 1)
  const out: string[] = []
  a.maskBatch(keys, n, out)
  t.equal(new Set(out).size, n, 'no collisions')
  let ascending = 0
  for (let i = 1; i < n; i++) if (out[i]! > out[i - 1]!) ascending++
  t.ok(Math.abs(ascending / (n - 1) - 0.5) < 0.01, `order is not kept (${(ascending / (n - 1)).toFixed(3)} of neighbours ascend)`)
})

t.test('masks of two secrets are unrelated: knowing one map does not join it to another', async (t) => {
  const a = createKeyMask(keyA), b = createKeyMask(keyB)
  let sameDigit = 0
  for (let k = 1; k <= 1000; k++) if (a.mask(k)[0] === b.mask(k)[0]) sameDigit++
  t.ok(sameDigit < 120, `first hex digit agrees about 1/16 of the time (${sameDigit}/1000)`)
})

t.test('key numbers outside 52 bits are refused', async (t) => {
  t.throws(() => createKeyMask(keyA).mask(2 ** 52), RangeError)
  t.throws(() => createKeyMask(keyA).mask(-1), RangeError)
  t.throws(() => createKeyMask(Buffer.alloc(8)), /16 bytes/)
})
