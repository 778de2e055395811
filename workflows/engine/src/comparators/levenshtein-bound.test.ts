import t from 'tap'
import fc from 'fast-check'
import { CharacterCounts } from './character-counts.js'
import { boundedLevenshtein } from './levenshtein.js'
import { LevenshteinBound } from './levenshtein-bound.js'

t.test('the bound is never above the real distance', async tt => {
  // Few letters and digits, some of them 32 code points apart (same bucket), so folding is exercised.
  const text = fc.string({ unit: fc.constantFrom(...'aabce0123AB@!'.split('')), maxLength: 12 })
  fc.assert(fc.property(text, text, (a, b) => {
    const bound = new LevenshteinBound(new CharacterCounts(['', a, b])).lowerBound(1, 2)
    return bound <= boundedLevenshtein(a, b, 99)
  }), { numRuns: 5000 })
  tt.pass('5000 random pairs')
})

t.test('the bound separates postcodes one typo apart from unrelated ones', async tt => {
  const bound = new LevenshteinBound(new CharacterCounts(['', '2615', '2617', '3000', '26150', '2651']))
  tt.equal(bound.lowerBound(1, 2), 1, 'one substitution')
  tt.equal(bound.lowerBound(1, 3), 4, 'no digit in common')
  tt.equal(bound.lowerBound(1, 4), 1, 'one insertion')
  tt.equal(bound.lowerBound(1, 5), 0, 'same digits in another order: the bound cannot tell, the comparator decides')
})
