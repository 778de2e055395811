import t from 'tap'
import { dateParser, isoDate } from './date-of-birth.js'

t.test('parses the usual formats into calendar parts', async (t) => {
  t.same(dateParser('yyyyMMdd')('19081209'), { year: 1908, month: 12, day: 9 })
  t.same(dateParser('dd/MM/yyyy')('29/02/2000'), { year: 2000, month: 2, day: 29 })
  t.same(dateParser('yyyy-MM-dd')('1999-01-31'), { year: 1999, month: 1, day: 31 })
  t.same(dateParser()('1999-01-31'), { year: 1999, month: 1, day: 31 }, 'yyyy-MM-dd by default')
  t.same(dateParser('d/M/yyyy')('3/7/1985'), { year: 1985, month: 7, day: 3 })
  t.same(dateParser('d/M/yyyy')('13/11/1985'), { year: 1985, month: 11, day: 13 })
  t.same(dateParser('MM.yyyy')('07.1985'), { year: 1985, month: 7, day: null }, 'partial date')
  t.equal(isoDate({ year: 1985, month: 7, day: 3 }), '1985-07-03')
  t.equal(isoDate({ year: 1985, month: 7, day: null }), '1985-07')
})

t.test('validates against the calendar', async (t) => {
  const p = dateParser('yyyyMMdd')
  t.match(p('19000229'), { error: /not a calendar date/ }, '1900 is not a leap year')
  t.same(p('20000229'), { year: 2000, month: 2, day: 29 }, '2000 is')
  t.match(p('19371233'), { error: /not a calendar date \(day 33 of month 12\)/ })
  t.match(p('19729518'), { error: /no month 95/ })
  t.match(p('19810431'), { error: /not a calendar date/ })
  t.match(p('1981043'), { error: /does not match the date format yyyyMMdd/ })
  t.match(p('00120101'), { error: /year 12/ })
  t.match(dateParser('dd/MM/yyyy')('1/2/1990'), { error: /does not match/ }, 'dd needs two digits')
})

t.test('refuses formats it cannot honour', async (t) => {
  t.throws(() => dateParser('dd/MM/yy'), /unknown letter "y"/)
  t.throws(() => dateParser('MM/dd'), /no year/)
  t.throws(() => dateParser('yyyy-dd'), /day but no month/)
  t.throws(() => dateParser('yyyy-MM-MM'), /month twice/)
})
