import t from 'tap'
import { applyTransform, columnCleaner, formatDate, TRANSFORMS, type TransformName } from './clean.js'

t.test('each documented transform', async (t) => {
  const cases: Record<TransformName, [string, string]> = {
    trim: ['  a b  ', 'a b'], upper: ['Zoë', 'ZOË'], lower: ['McDonald', 'mcdonald'],
    removePunctuation: ["O'Brien-Smith, Jr.", 'OBrienSmith Jr'], removeAccents: ['Zoë Núñez', 'Zoe Nunez'],
    collapseSpaces: ['a  \t b', 'a b'], digitsOnly: ['(02) 9999-1234', '0299991234'],
  }
  t.same(Object.keys(cases).sort(), Object.keys(TRANSFORMS).sort(), 'every transform is tested')
  for (const [name, [input, output]] of Object.entries(cases)) t.equal(applyTransform(name as TransformName, input), output, name)
})

t.test('dates are read in the source format and written in the column format', async (t) => {
  const clean = columnCleaner({ transforms: [], steps: ['trim', 'parseDate'], sourceDateFormat: 'd/M/yyyy', outputDateFormat: 'yyyyMMdd', maps: { sex: {}, state: {} } })
  t.same(clean(' 4/7/1999 '), { value: '19990704', iso: '1999-07-04' })
  t.same(clean('31/4/1999'), { error: '"31/4/1999" is not a calendar date (day 31 of month 4)' })
  t.equal(formatDate({ year: 1999, month: 7, day: null }, 'MM/yyyy'), '07/1999', 'partial dates keep their parts')
})

t.test('sex codes use the definition map; unknown codes are kept upper-cased as the platform does', async (t) => {
  const clean = columnCleaner({ transforms: [], steps: ['trim', 'mapSex'], sourceDateFormat: '', outputDateFormat: '', maps: { sex: { M: ['1', 'Male'], F: ['2', 'Female'] }, state: {} } })
  t.same(['1', 'male', 'F', 'x'].map((v) => clean(v)), [{ value: 'M' }, { value: 'M' }, { value: 'F' }, { value: 'X' }])
})
