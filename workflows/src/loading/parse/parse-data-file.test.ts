import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { ColumnType } from '@ligature/contracts/enums'
import { rowPreprocessor } from '../preprocess/preprocess-row.js'
import { dateFormatOf, fileLayoutFrom, type FileLayout, type ImportColumn, type ImportFormatSpec } from './import-format.js'
import { parseDataFile } from './parse-data-file.js'
import { isInvalidRow, type RowResult } from './rows.js'

const FEBRL = fileURLToPath(new URL('../../../datasets/febrl/febrl_dataset1.csv', import.meta.url))

const febrlFormat: ImportFormatSpec = {
  columnType: ColumnType.DelimitedByName,
  columns: [
    { name: 'rec_id', linkageField: 'SourceUniqueId' },
    { name: 'given_name', linkageField: 'givenName' },
    { name: 'surname', linkageField: 'Surname' },
    { name: 'address_1', linkageField: 'addressLine' },
    { name: 'suburb', linkageField: 'suburb' },
    { name: 'postcode', linkageField: 'postcode' },
    { name: 'state', linkageField: 'state' },
    { name: 'date_of_birth', linkageField: 'dateOfBirth', format: 'yyyyMMdd' },
    { name: 'soc_sec_id', linkageField: '' },
  ],
}

async function collect(rows: AsyncIterable<RowResult>): Promise<RowResult[]> {
  const out: RowResult[] = []
  for await (const r of rows) out.push(r)
  return out
}

async function parseText(t: Test, content: string | Buffer, format: ImportFormatSpec, layout: FileLayout, name = 'data.csv') {
  const dir = t.testdir({})
  await writeFile(join(dir, name), content)
  return collect(parseDataFile({ path: join(dir, name), format, layout }))
}

t.test('reads FEBRL dataset 1 by column name: 1000 valid rows', async (t) => {
  const rows = await collect(parseDataFile({ path: FEBRL, format: febrlFormat, layout: fileLayoutFrom(undefined, ColumnType.DelimitedByName) }))
  t.equal(rows.length, 1000)
  t.equal(rows.filter(isInvalidRow).length, 0)
  t.same(rows[0], {
    rowNumber: 2,
    fields: { sourceUniqueId: 'rec-223-org', givenName: '', surname: 'waller', addressLine: 'tullaroop street', suburb: 'st james', postcode: '4011', state: 'wa', dateOfBirth: '19081209' },
    aux: { soc_sec_id: '6988048' },
  })
  t.equal(rows[999]?.rowNumber, 1001)
})

t.test('FEBRL dataset 1 through preprocessing: every row stored, the three impossible birth dates blanked', async (t) => {
  const pre = rowPreprocessor({ dateFormat: dateFormatOf(febrlFormat) })
  const invalid: unknown[] = []
  const blanked: [number, readonly string[]][] = []
  let stored = 0
  for await (const row of parseDataFile({ path: FEBRL, format: febrlFormat, layout: { separator: ',', firstLineHeader: true } })) {
    const rec = isInvalidRow(row) ? row : pre(row)
    if (isInvalidRow(rec)) { invalid.push(rec); continue }
    stored++
    if (rec.blanked.length > 0) blanked.push([rec.rowNumber, rec.blanked])
  }
  t.equal(stored, 1000)
  t.same(invalid, [])
  // Lines 146, 149 and 588 hold 19371233 (day 33), 19729518 (month 95) and 19339026 (month 90).
  t.same(blanked, [[146, ['dateOfBirth']], [149, ['dateOfBirth']], [588, ['dateOfBirth']]])
})

const byIndex = (cols: Array<[string, string, number]>): ImportFormatSpec => ({
  columnType: ColumnType.DelimitedByIndex,
  columns: cols.map(([name, linkageField, index]): ImportColumn => ({ name, linkageField, index })),
})

t.test('delimited by index: quotes, separators, BOM, CRLF and invalid rows', async (t) => {
  const format = byIndex([['id', 'sourceUniqueId', 1], ['surname', 'surname', 3], ['note', '', 4]])
  const text = '\uFEFFA1,x,"Smith, Jr","say ""hi"""\r\nA2,x,"two\r\nlines",n\r\n\r\nA3,x\r\n ,x,Jones,n\r\nA5,x,O"Hara,n\r\nA6,x,"wrong"quote,n\r\nA7,x,  "Lee, Jr",n'
  const rows = await parseText(t, text, format, { separator: ',', firstLineHeader: false })
  t.same(rows, [
    { rowNumber: 1, fields: { sourceUniqueId: 'A1', surname: 'Smith, Jr' }, aux: { note: 'say "hi"' } },
    { rowNumber: 3, fields: { sourceUniqueId: 'A2', surname: 'two\r\nlines' }, aux: { note: 'n' } },
    { rowNumber: 5, reason: 'has 2 columns; the import format needs at least 4' },
    { rowNumber: 6, reason: 'sourceUniqueId is empty' },
    { rowNumber: 7, fields: { sourceUniqueId: 'A5', surname: 'O"Hara' }, aux: { note: 'n' } },
    { rowNumber: 8, fields: { sourceUniqueId: 'A6', surname: '"wrong"quote' }, aux: { note: 'n' } },
    { rowNumber: 9, fields: { sourceUniqueId: 'A7', surname: 'Lee, Jr' }, aux: { note: 'n' } },
  ])
})

t.test('tab and other single-character separators come from the data source settings', async (t) => {
  const format = byIndex([['id', 'sourceUniqueId', 2], ['given', 'givenName', 1]])
  const tabs = fileLayoutFrom([{ name: 'Column Separator', value: '\\t' }, { name: 'IsFirstLineHeader', value: 'Yes' }], ColumnType.DelimitedByIndex)
  t.same(tabs, { separator: '\t', firstLineHeader: true })
  t.same(await parseText(t, 'given\tid\nAnna\t7\n', format, tabs), [{ rowNumber: 2, fields: { sourceUniqueId: '7', givenName: 'Anna' }, aux: {} }])
  const pipes = { separator: '|', firstLineHeader: false }
  t.same(await parseText(t, 'Ben|8\n', format, pipes), [{ rowNumber: 1, fields: { sourceUniqueId: '8', givenName: 'Ben' }, aux: {} }])
})

t.test('delimited by name: header matching, column count, missing columns', async (t) => {
  const format: ImportFormatSpec = {
    columnType: ColumnType.DelimitedByName,
    columns: [{ name: 'Record ID', linkageField: 'sourceUniqueId' }, { name: 'sex', linkageField: 'sex' }],
  }
  const layout = { separator: ';', firstLineHeader: true }
  t.same(await parseText(t, ' record id ;SEX;extra\nr1;F;z\nr2;M\n', format, layout), [
    { rowNumber: 2, fields: { sourceUniqueId: 'r1', sex: 'F' }, aux: {} },
    { rowNumber: 3, reason: 'has 2 columns; the header has 3' },
  ])
  await t.rejects(parseText(t, 'Record ID;gender\nr1;F\n', format, layout), { code: 'InvalidDataFile', message: 'The data file data.csv cannot be read: Column sex is not in the file\'s header row.' })
  const lenient = { ...format, ignoreMissingColumns: true }
  t.same(await parseText(t, 'Record ID\nr1\n', lenient, layout), [{ rowNumber: 2, fields: { sourceUniqueId: 'r1', sex: '' }, aux: {} }])
  await t.rejects(parseText(t, '', format, layout), { code: 'InvalidDataFile', message: /it is empty/ })
})

t.test('fixed width uses one-based inclusive positions', async (t) => {
  const format: ImportFormatSpec = {
    columnType: ColumnType.FixedWidth,
    columns: [
      { name: 'id', linkageField: 'sourceUniqueId', startPosition: 1, endPosition: 4 },
      { name: 'surname', linkageField: 'surname', startPosition: 5, endPosition: 12 },
      { name: 'dob', linkageField: 'dateOfBirth', startPosition: 13, endPosition: 20 },
    ],
  }
  const text = 'ID  SURNAME DOB\r\n0001Łukasz  19800101\r\n0002Li      1990\r\n\r\n0003Wu\r\n    Smith   20000101\r\n'
  t.same(await parseText(t, text, format, { separator: ',', firstLineHeader: true }), [
    { rowNumber: 2, fields: { sourceUniqueId: '0001', surname: 'Łukasz  ', dateOfBirth: '19800101' }, aux: {} },
    { rowNumber: 3, fields: { sourceUniqueId: '0002', surname: 'Li      ', dateOfBirth: '1990' }, aux: {} },
    { rowNumber: 5, reason: 'is 6 characters long; the import format needs at least 13' },
    { rowNumber: 6, reason: 'sourceUniqueId is empty' },
  ])
})

t.test('gzipped files are read transparently', async (t) => {
  const format = byIndex([['id', 'sourceUniqueId', 1]])
  const rows = await parseText(t, gzipSync('a\nb\nc\n'), format, { separator: ',', firstLineHeader: false }, 'data.csv.gz')
  t.same(rows.map((r) => r.rowNumber), [1, 2, 3])
  await t.rejects(parseText(t, 'not gzip', format, { separator: ',', firstLineHeader: false }, 'x.gz'), { code: 'InvalidDataFile', message: /not a valid gzip file/ })
})

t.test('whole-file failures name the file and the line', async (t) => {
  const format = byIndex([['id', 'sourceUniqueId', 1]])
  const layout = { separator: ',', firstLineHeader: false }
  await t.rejects(parseText(t, 'a\nb\n"c,d\ne\n', format, layout), { code: 'InvalidDataFile', message: /^The data file data.csv cannot be read: the record starting at line 3: Quote Not Closed/ })
  await t.rejects(parseText(t, 'a\n', byIndex([['id', 'givenName', 1]]), layout), { message: /maps no column to sourceUniqueId/ })
  await t.rejects(parseText(t, 'a\n', byIndex([['id', 'sourceUniqueId', 0]]), layout), { message: /Column id needs a one-based index/ })
  await t.rejects(parseText(t, 'a\n', format, { separator: '||', firstLineHeader: false }), { message: /single character/ })
  const twice = byIndex([['id', 'sourceUniqueId', 1], ['id2', 'SOURCEUNIQUEID', 2]])
  await t.rejects(parseText(t, 'a,b\n', twice, layout), { message: /Two columns of the import format feed linkage field sourceUniqueId/ })
})
