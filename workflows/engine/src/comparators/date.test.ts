import t from 'tap'
import fc from 'fast-check'
import { dateSimilarity, dayNumber, parseDate, SWAP_SIMILARITY } from './date.js'

t.test('day numbers', async tt => {
  tt.equal(dayNumber(1970, 1, 1), 0)
  tt.equal(dayNumber(2000, 3, 1) - dayNumber(2000, 2, 28), 2, 'leap year 2000')
  tt.equal(dayNumber(1900, 3, 1) - dayNumber(1900, 2, 28), 1, '1900 is not a leap year')
  tt.equal(dayNumber(2024, 1, 1), 19723)
})

t.test('parsing', async tt => {
  tt.same(parseDate('1956-04-09'), { year: 1956, month: 4, day: 9 })
  tt.same(parseDate('19560409'), { year: 1956, month: 4, day: 9 })
  tt.same(parseDate('9/4/1956'), { year: 1956, month: 4, day: 9 })
  tt.equal(parseDate('1956-04-31'), null, 'April has 30 days')
  tt.equal(parseDate('1957-02-29'), null)
  tt.same(parseDate('1956-02-29'), { year: 1956, month: 2, day: 29 })
  tt.equal(parseDate('19561309'), null)
  tt.equal(parseDate('abc'), null)
})

t.test('similarity', async tt => {
  const d = (s: string) => parseDate(s)!
  tt.equal(dateSimilarity(d('1980-05-04'), d('1980-05-04')), 1)
  tt.equal(dateSimilarity(d('1980-05-04'), d('1980-05-05')), 0, 'no tolerance')
  tt.equal(dateSimilarity(d('1980-05-04'), d('1980-05-05'), { toleranceDays: 2 }), 1 - 1 / 3)
  tt.equal(dateSimilarity(d('1980-12-31'), d('1981-01-02'), { toleranceDays: 2 }), 1 - 2 / 3, 'across years')
  tt.equal(dateSimilarity(d('1980-05-04'), d('1980-05-08'), { toleranceDays: 2 }), 0)
  tt.equal(dateSimilarity(d('1980-05-04'), d('1980-04-05'), { allowDayMonthSwap: true }), SWAP_SIMILARITY)
  tt.equal(dateSimilarity(d('1980-05-04'), d('1981-04-05'), { allowDayMonthSwap: true }), 0, 'year differs')
  tt.equal(dateSimilarity(d('1980-05-04'), d('1980-04-05')), 0, 'swap not allowed')
})

t.test('digit typos: yyyyMMdd digits that differ', async tt => {
  const { dateDigitDifferences, dateSimilarity } = await import('./date.js')
  tt.equal(dateDigitDifferences(1975, 3, 12, 1976, 3, 12), 1)
  tt.equal(dateDigitDifferences(1975, 3, 12, 1975, 3, 21), 2, 'two digits of the day swapped')
  tt.equal(dateDigitDifferences(1975, 3, 12, 1985, 4, 12), 2)
  const a = { year: 1975, month: 3, day: 12 }
  tt.equal(dateSimilarity(a, { year: 1975, month: 3, day: 13 }, { digitTypos: 1 }), 0.5)
  tt.equal(dateSimilarity(a, { year: 1975, month: 3, day: 13 }), 0, 'off by default')
  tt.equal(dateSimilarity(a, { year: 1975, month: 3, day: 24 }, { digitTypos: 1 }), 0)
})

t.test('packed digits count the same differences as the parts', async tt => {
  const { dateDigitDifferences, packedDateDigits, packedDigitDifferences } = await import('./date.js')
  const date = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
  fc.assert(fc.property(date, date, ([y1, m1, d1], [y2, m2, d2]) =>
    packedDigitDifferences(packedDateDigits(y1, m1, d1), packedDateDigits(y2, m2, d2)) === dateDigitDifferences(y1, m1, d1, y2, m2, d2)),
  { numRuns: 5000 })
  tt.equal(packedDigitDifferences(packedDateDigits(9999, 12, 31), packedDateDigits(1000, 1, 1)), 7)
  tt.equal(packedDigitDifferences(packedDateDigits(1975, 3, 12), packedDateDigits(1975, 3, 12)), 0)
})
