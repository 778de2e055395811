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

t.test('the gates never refuse a pair that reaches them, and the looser one refuses no more than the tighter', async tt => {
  const text = fc.string({ unit: fc.constantFrom(...'aabbcdeeilnorst 0127'.split('')), maxLength: 24 })
  const gate = fc.double({ min: 0.5, max: 1, noNaN: true })
  fc.assert(fc.property(text, text, fc.double({ min: 0, max: 0.25, noNaN: true }), gate, (a, b, scale, g) => {
    const bound = new JaroWinklerBound(['', a, b])
    const below = bound.below(1, 2, scale, g), loose = bound.belowWithoutPrefix(1, 2, scale, g)
    return below === bound.upperBound(1, 2, scale) < g && (!loose || below) && (!below || jaroWinkler(a, b, scale) < g + 1e-12)
  }), { numRuns: 3000 })
  const bound = new JaroWinklerBound(['', 'martha', 'zoe', 'marhta'])
  tt.ok(bound.below(1, 2, 0.1, 0.88) && bound.belowWithoutPrefix(1, 2, 0.1, 0.88), 'martha vs zoe: refused by both')
  tt.notOk(bound.below(1, 3, 0.1, 0.88) || bound.belowWithoutPrefix(1, 3, 0.1, 0.88), 'martha vs marhta: refused by neither')
})
