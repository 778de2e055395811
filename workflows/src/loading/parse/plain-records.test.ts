import { Readable } from 'node:stream'
import fc from 'fast-check'
import t from 'tap'
import { ColumnType } from '@ligature/contracts/enums'
import { parseDelimited } from './delimited.js'
import type { FileLayout, ImportFormatSpec } from './import-format.js'
import { cellsOf, splitPlainRecords } from './plain-records.js'
import { MAX_RECORD_CHARS } from './open-text.js'

// Every cell visible: three columns by index, the third in aux, so a cell csv-parse reads differently shows.
const format: ImportFormatSpec = {
  columnType: ColumnType.DelimitedByIndex,
  columns: [{ name: 'id', linkageField: 'sourceUniqueId', index: 1 }, { name: 'b', linkageField: 'surname', index: 2 }, { name: 'c', linkageField: '', index: 3 }],
}

/** Records and row numbers as plain arrays, or null when splitPlainRecords declined. */
function split(text: string, separator: string, rowOffset: number): { records: string[][]; rowNumbers: number[] } | null {
  const plain = splitPlainRecords(text, separator, rowOffset, MAX_RECORD_CHARS)
  if (plain === null) return null
  return { records: Array.from({ length: plain.count }, (_, k) => cellsOf(plain, k)), rowNumbers: Array.from(plain.rowNumbers.subarray(0, plain.count)) }
}

/** What csv-parse (parseDelimited, a later range) makes of the text: cells and row numbers. */
async function csvParse(text: string, layout: FileLayout, rowOffset: number) {
  const rows: unknown[] = []
  for await (const row of parseDelimited(Readable.from([Buffer.from(text)]), format, layout, 'f.csv', { rowOffset, header: null })) rows.push(row)
  return rows
}

/** The same rows built from the split records, or null when it declined. */
async function plain(text: string, layout: FileLayout, rowOffset: number) {
  const got = split(text, layout.separator, rowOffset)
  if (got === null) return null
  // Each record becomes a one-record text csv-parse cannot misread, so only the split itself is under test.
  const rows: unknown[] = []
  for (const [k, record] of got.records.entries()) {
    const line = record.map((c) => `"${c.replace(/"/g, '""')}"`).join(layout.separator) + '\n'
    // csv-parse numbers the record by its last line: its line breaks move the offset back.
    const breaks = record.reduce((n, c) => n + c.split('\n').length - 1, 0)
    for (const row of await csvParse(line, layout, got.rowNumbers[k]! - 1 - breaks)) rows.push(row)
  }
  return rows
}

const comma: FileLayout = { separator: ',', firstLineHeader: false }
const tab: FileLayout = { separator: '\t', firstLineHeader: false }

// Text both read alike: cells without quotes, quoted cells holding separators, line breaks and doubled quotes,
// blanks before either, LF and CRLF record ends, blank lines.
const regular = (sep: string) => {
  const bare = fc.stringMatching(/^[A-Za-z0-9é\-.]{0,6}$/)
  const quoted = fc.array(fc.constantFrom('a', ' b', sep, '\n', '\r\n', '""', 'é', ''), { maxLength: 5 }).map((parts) => `"${parts.join('')}"`)
  const blanks = fc.constantFrom('', '', '', ' ', '  ', '\f ', sep === '\t' ? ' ' : '\t')
  const cell = fc.tuple(blanks, fc.oneof(bare.filter((b) => b.length > 0), quoted)).map(([b, c]) => b + c)
  const record = fc.array(fc.oneof(bare, quoted, cell), { minLength: 1, maxLength: 4 }).map((cells) => cells.join(sep))
  const end = fc.constantFrom('\n', '\r\n', '\n\n', '\r\n\r\n\n')
  return fc.tuple(fc.array(fc.tuple(record, end), { minLength: 1, maxLength: 12 }), fc.boolean())
    .map(([records, lastEnds]) => {
      const text = records.map(([r, e]) => r + e).join('')
      return lastEnds ? text : text.replace(/(\r?\n)+$/, '')
    })
}

t.test('regular text splits without csv-parse into exactly csv-parse\'s rows and row numbers', async (t) => {
  for (const layout of [comma, tab]) {
    await fc.assert(fc.asyncProperty(regular(layout.separator), fc.integer({ min: 0, max: 50 }), async (text, rowOffset) => {
      const got = await plain(text, layout, rowOffset)
      if (got === null) return false
      return JSON.stringify(got) === JSON.stringify(await csvParse(text, layout, rowOffset))
    }), { numRuns: 1500 })
  }
  t.pass('1500 random ranges per separator, none declined')
})

t.test('cells, and row numbers that count the lines of quoted cells and blank lines', async (t) => {
  t.same(split('a,b\n\n"x\ny",z\r\nlast', ',', 10), { records: [['a', 'b'], ['x\ny', 'z'], ['last']], rowNumbers: [11, 14, 15] })
  t.same(split('', ',', 3), { records: [], rowNumbers: [] })
  t.same(split('a\t\t"b""c"\n', '\t', 0), { records: [['a', '', 'b"c']], rowNumbers: [1] })
  t.same(split('"""","""""x""",""\n', ',', 0), { records: [['"', '""x"', '']], rowNumbers: [1] }, 'doubled quotes undone, and only they')
  t.same(split(' a,\f "b,c"\n', ',', 0), { records: [['a', 'b,c']], rowNumbers: [1] }, 'blanks before a cell are dropped')
  const many = Array.from({ length: 5000 }, (_, k) => `${k},"q${k}"`).join('\n')
  const got = split(many, ',', 7)!
  t.same(got.records, Array.from({ length: 5000 }, (_, k) => [String(k), `q${k}`]), 'every record, past the arrays\' first capacities')
  t.same(got.rowNumbers, Array.from({ length: 5000 }, (_, k) => k + 8), 'every row number, past the arrays\' first capacities')
})

t.test('declines what only csv-parse reads right', async (t) => {
  for (const text of ['  \n', 'a, ,b\n', 'a,\t\n', ' ', 'O"Hara,1\n', '"wrong"quote,1\n', 'a\rb\n', '"a\rb",1\n', '"open\n',
    'a,b\n\r', 'bad \uFFFD byte\n', `${'x'.repeat(MAX_RECORD_CHARS / 4 + 1)}\n`]) {
    t.equal(splitPlainRecords(text, ',', 0, MAX_RECORD_CHARS), null, JSON.stringify(text.slice(0, 20)))
  }
  for (const separator of ['"', ' ', '\n', ';;']) t.equal(splitPlainRecords('a\n', separator, 0, MAX_RECORD_CHARS), null, `separator ${JSON.stringify(separator)}`)
})
