import t from 'tap'
import { ColumnType } from '@ligature/contracts/enums'
import { dateFormatOf, fileLayoutFrom, importFormatProblems, type ImportFormatSpec } from './import-format.js'

t.test('layout from data source settings', async (t) => {
  t.same(fileLayoutFrom(undefined, ColumnType.DelimitedByIndex), { separator: ',', firstLineHeader: false })
  t.same(fileLayoutFrom([], ColumnType.DelimitedByName), { separator: ',', firstLineHeader: true })
  t.same(fileLayoutFrom([{ name: 'column_separator', value: 'tab' }, { name: 'Is First Line Header', value: 'false' }], ColumnType.DelimitedByName),
    { separator: '\t', firstLineHeader: false })
  t.same(fileLayoutFrom([{ name: 'ColumnSeparator', value: '|' }, { name: 'IsFirstLineHeader', value: 'true' }], ColumnType.DelimitedByIndex),
    { separator: '|', firstLineHeader: true })
  t.same(fileLayoutFrom([{ name: 'Separator', value: ';' }, { name: 'Unrelated', value: 'x' }], ColumnType.FixedWidth),
    { separator: ';', firstLineHeader: false })
})

t.test('format problems are caught before a file is opened', async (t) => {
  const layout = { separator: ',', firstLineHeader: true }
  const fixed: ImportFormatSpec = {
    columnType: ColumnType.FixedWidth,
    columns: [
      { name: 'id', linkageField: 'sourceUniqueId', startPosition: 1, endPosition: 4 },
      { name: 'bad', linkageField: 'surname', startPosition: 9, endPosition: 5 },
      { name: 'none', linkageField: 'givenName' },
    ],
  }
  t.same(importFormatProblems(fixed, layout), [
    'Column bad needs one-based start and end positions with start ≤ end.',
    'Column none needs one-based start and end positions with start ≤ end.',
  ])
  t.same(importFormatProblems({ columnType: ColumnType.Unknown, columns: [] }, layout), [
    'The import format has no column type (FixedWidth, DelimitedByIndex or DelimitedByName).',
    'The import format has no columns.',
  ])
  const byName: ImportFormatSpec = { columnType: ColumnType.DelimitedByName, columns: [{ name: 'id', linkageField: 'sourceUniqueId' }] }
  t.same(importFormatProblems(byName, { separator: ',', firstLineHeader: false }), [
    'Columns located by name need a header row, but the data source says the first line is data.',
  ])
  t.same(importFormatProblems(byName, layout), [])
})

t.test('date format of the dateOfBirth column', async (t) => {
  const format = (f: string | null): ImportFormatSpec => ({
    columnType: ColumnType.DelimitedByName,
    columns: [{ name: 'id', linkageField: 'sourceUniqueId' }, { name: 'dob', linkageField: 'DateOfBirth', format: f }],
  })
  t.equal(dateFormatOf(format('dd/MM/yyyy')), 'dd/MM/yyyy')
  t.equal(dateFormatOf(format(' ')), undefined)
  t.equal(dateFormatOf(format(null)), undefined)
})
