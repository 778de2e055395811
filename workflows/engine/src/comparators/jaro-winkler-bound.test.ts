import t from 'tap'
import fc from 'fast-check'
import { jaroWinkler } from './jaro-winkler.js'
import { JaroWinklerBound } from './jaro-winkler-bound.js'

t.test('the bound is never below the real similarity', async tt => {
  const text = fc.string({ unit: fc.constantFrom(...'aabbcdeeilnorst 0127'.split('')), maxLength: 24 })
  fc.assert(fc.property(text, text, fc.double({ min: 0, max: 0.25, noNaN: true }), (a, b, scale) => {
    const bound = new JaroWinklerBound(['', a, b]).upperBound(1, 2, scale)
    return bound + 1e-12 >= jaroWinkler(a, b, scale)
  }), { numRuns: 3000 })
  tt.pass('3000 random pairs')
})

t.test('the bound is tight for equal strings and prunes unrelated ones', async tt => {
  const bound = new JaroWinklerBound(['', 'martha', 'martha', 'zoe', 'aaaaaaab', 'aaaaaaac'])
  tt.equal(bound.upperBound(1, 2, 0.1), 1)
  tt.ok(bound.upperBound(1, 3, 0.1) < 0.5, 'martha vs zoe shares no letter')
  tt.ok(bound.upperBound(4, 5, 0.1) >= jaroWinkler('aaaaaaab', 'aaaaaaac'), 'repeated letters beyond three count')
  tt.equal(bound.upperBound(0, 1, 0.1), 0)
  tt.equal(bound.upperBound(0, 0, 0.1), 1)
})
