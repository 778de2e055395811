import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { InvalidRowsReport, csvCell } from './invalid-rows-report.js'

t.test('writes rowNumber,reason with CSV quoting', async (t) => {
  const path = join(t.testdir({}), 'invalid.csv')
  const report = InvalidRowsReport.create(path)
  await report.add({ rowNumber: 5, reason: 'has 2 columns; the import format needs at least 4' })
  await report.add({ rowNumber: 9, reason: 'dateOfBirth "31/02/1990" is not a calendar date, day 31' })
  t.equal(await report.close(), 2)
  t.equal(await readFile(path, 'utf8'), [
    'rowNumber,reason',
    '5,has 2 columns; the import format needs at least 4',
    '9,"dateOfBirth ""31/02/1990"" is not a calendar date, day 31"',
    '',
  ].join('\n'))
})

t.test('optional file column and many rows without unbounded buffering', async (t) => {
  const path = join(t.testdir({}), 'invalid.csv')
  const report = InvalidRowsReport.create(path, { withFileColumn: true })
  for (let i = 1; i <= 50_000; i++) await report.add({ rowNumber: i, reason: 'sourceUniqueId is empty' }, i % 2 ? 'a.csv' : 'b,c.csv')
  t.equal(report.count, 50_000)
  await report.close()
  const lines = (await readFile(path, 'utf8')).trimEnd().split('\n')
  t.equal(lines.length, 50_001)
  t.equal(lines[0], 'file,rowNumber,reason')
  t.equal(lines[2], '"b,c.csv",2,sourceUniqueId is empty')
})

t.test('cells that a spreadsheet would treat as formulas are neutralised', async (t) => {
  t.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`)
  t.equal(csvCell('-1'), "'-1")
  t.equal(csvCell(-1), '-1', 'numbers are written as numbers')
})

t.test('a write failure surfaces instead of losing rows', async (t) => {
  const report = InvalidRowsReport.create(join(t.testdir({}), 'missing-dir', 'x.csv'))
  await new Promise((r) => setTimeout(r, 50))
  await t.rejects(report.add({ rowNumber: 1, reason: 'x' }), { code: 'ENOENT' })
})
