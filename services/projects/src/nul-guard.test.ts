import t from 'tap'
import { containsNul } from './nul-guard.js'

t.test('finds U+0000 in strings, keys and nested values only', async (t) => {
  t.equal(containsNul('a\u0000'), true)
  t.equal(containsNul({ a: [{ b: 'x\u0000y' }] }), true)
  t.equal(containsNul({ ['k\u0000']: 1 }), true)
  t.equal(containsNul({ a: ['\u0001', 0, null, true, { b: 'plain' }] }), false)
  t.equal(containsNul(undefined), false)
})
