import t from 'tap'
import { DEFAULT_SEX_MAP, DEFAULT_STATE_MAP, standardiser, strictStandardiser } from './value-maps.js'

t.test('default sex map', async (t) => {
  const sex = standardiser(DEFAULT_SEX_MAP)
  for (const v of ['1', 'm', 'M', 'male', 'MALE']) t.equal(sex(v), 'M', v)
  for (const v of ['2', 'f', 'Female']) t.equal(sex(v), 'F', v)
  t.equal(sex('x'), 'X', 'unknown values are kept, upper-cased')
})

t.test('default state map: names, abbreviations and ABS codes', async (t) => {
  const state = standardiser(DEFAULT_STATE_MAP)
  const expected = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']
  expected.forEach((abbr, i) => t.equal(state(String(i + 1)), abbr, `code ${i + 1}`))
  t.equal(state('new  south wales'), 'NSW')
  t.equal(state('N.S.W.'), 'NSW')
  t.equal(state('Australian Capital Territory'), 'ACT')
  t.equal(state('wa'), 'WA')
  t.equal(state('vix'), 'VIX')
})

t.test('configurable maps', async (t) => {
  const sex = standardiser({ M: ['1', 'Male'], F: ['2', 'Female'], X: ['3', 'Indeterminate', 'Intersex'], U: ['9', 'Not stated'] })
  t.equal(sex('3'), 'X')
  t.equal(sex('not stated'), 'U')
  t.throws(() => standardiser({ M: ['1'], F: ['1'] }), /accepts "1" for both M and F/)
})

t.test('strict maps answer null for a code they do not list', async (t) => {
  const sex = strictStandardiser(DEFAULT_SEX_MAP)
  t.equal(sex(' m. '), 'M')
  t.equal(sex('female'), 'F')
  t.equal(sex('U'), null)
  t.equal(sex('9'), null)
  t.equal(sex('9'), null, 'a remembered null is still null')
  t.equal(strictStandardiser({ M: ['1'], F: ['2'], U: ['9'] })('9'), 'U', 'a code the map lists is kept')
})
