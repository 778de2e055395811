import { Readable } from 'node:stream'
import fc from 'fast-check'
import t from 'tap'
import { ColumnType } from '@ligature/contracts/enums'
import { headerCells, parseDelimited, parseDelimitedRange } from './delimited.js'
import type { FileLayout, ImportFormatSpec } from './import-format.js'
import { RangeSplitter, splittableSeparator, type ByteRange } from './record-boundaries.js'
import type { RowResult } from './rows.js'

function split(bytes: Buffer, target: number, chunk = bytes.length || 1, separator = ',', firstRecordAlone = false): { ranges: ByteRange[]; firstRecordEnd: number | null } {
  const splitter = new RangeSplitter(separator.charCodeAt(0), target, firstRecordAlone)
  const ranges: ByteRange[] = []
  for (let i = 0; i < bytes.length; i += chunk) ranges.push(...splitter.push(bytes.subarray(i, i + chunk)))
  ranges.push(...splitter.end())
  return { ranges, firstRecordEnd: splitter.firstRecordEnd }
}

const byIndex: ImportFormatSpec = {
  columnType: ColumnType.DelimitedByIndex,
  columns: [{ name: 'id', linkageField: 'sourceUniqueId', index: 1 }, { name: 'b', linkageField: 'surname', index: 2 }, { name: 'c', linkageField: '', index: 3 }],
}
const byName: ImportFormatSpec = {
  columnType: ColumnType.DelimitedByName,
  columns: [{ name: 'id', linkageField: 'sourceUniqueId' }, { name: 'b', linkageField: 'surname' }],
}
const noHeader: FileLayout = { separator: ',', firstLineHeader: false }
const withHeader: FileLayout = { separator: ',', firstLineHeader: true }

/** Rows (or the error) of one parser over the whole file. */
async function whole(bytes: Buffer, format: ImportFormatSpec, layout: FileLayout): Promise<RowResult[] | string> {
  const out: RowResult[] = []
  try {
    for await (const r of parseDelimited(Readable.from([bytes]), format, layout, 'f.csv')) out.push(r)
  } catch (e) { return (e as Error).message }
  return out
}

/**
 * Rows (or the first error, in file order) of one parser per range, as the parallel load runs them: later ranges
 * streamed through csv-parse, or whole in memory as parseRange reads them (parseDelimitedRange).
 */
async function byRanges(bytes: Buffer, target: number, chunk: number, format: ImportFormatSpec, layout: FileLayout, later: 'stream' | 'memory' = 'stream',
  firstRecordAlone = false): Promise<RowResult[] | string> {
  const { ranges, firstRecordEnd } = split(bytes, target, chunk, layout.separator, firstRecordAlone)
  const header = layout.firstLineHeader && firstRecordEnd !== null ? headerCells(bytes.subarray(0, firstRecordEnd), layout) : null
  const out: RowResult[] = []
  for (const [i, r] of ranges.entries()) {
    const part = bytes.subarray(r.start, r.end)
    const from = { rowOffset: r.rowOffset, header }
    try {
      const rows = i === 0 ? parseDelimited(Readable.from([part]), format, layout, 'f.csv')
        : later === 'memory' ? parseDelimitedRange(part, format, layout, 'f.csv', from) : parseDelimited(Readable.from([part]), format, layout, 'f.csv', from)
      for await (const row of rows) out.push(row)
    } catch (e) { return (e as Error).message }
  }
  return out
}

t.test('cuts only after a record, never inside a quoted field', async (t) => {
  t.same(split(Buffer.from('a,b\nc,d\n'), 1).ranges, [{ start: 0, end: 4, rowOffset: 0 }, { start: 4, end: 8, rowOffset: 1 }])
  // The line break inside the quotes is no record end; the cut moves to the end of that record (line 2).
  t.same(split(Buffer.from('"x\ny",1\nz,2\n'), 1).ranges, [{ start: 0, end: 8, rowOffset: 0 }, { start: 8, end: 12, rowOffset: 2 }])
  // "" inside quotes is a literal quote, so the field is still open at the first line break.
  t.same(split(Buffer.from('"a""\nb",1\nc\n'), 1).ranges.map((r) => r.end), [10, 12])
  // A quote inside an unquoted field is text (a parity count would think the rest of the file is quoted).
  t.same(split(Buffer.from('O"Hara,1\nnext,2\n'), 1).ranges.map((r) => r.end), [9, 16])
  // Blanks before a quote still open a quoted field (ltrim), a quote after text does not.
  t.same(split(Buffer.from('a, "b\nc"\nd\n'), 1).ranges.map((r) => r.end), [9, 11])
  t.same(split(Buffer.from('a,x"b\nc"\nd\n'), 1).ranges.map((r) => r.end), [6, 9, 11])
})

t.test('a cut that would fall inside a quoted field moves to the end of its record', async (t) => {
  const text = Buffer.from('id,b\n1,"long\nquoted\nfield"\n2,x\n')
  // Target 8 lands inside the quoted field (bytes 7..25): the first range ends with that record.
  t.same(split(text, 8).ranges, [{ start: 0, end: 27, rowOffset: 0 }, { start: 27, end: 31, rowOffset: 4 }])
})

t.test('CRLF, CRLF inside quotes, lone CRs, BOM and blank lines number rows as the parser does', async (t) => {
  t.same(split(Buffer.from('a\r\n"b\r\nc"\r\nd\r\n'), 1).ranges, [
    { start: 0, end: 3, rowOffset: 0 }, { start: 3, end: 11, rowOffset: 1 }, { start: 11, end: 14, rowOffset: 3 }])
  // A BOM is skipped, so the quote right after it opens a quoted field.
  t.same(split(Buffer.from('\uFEFF"a\nb",1\nc,2\n'), 1).ranges, [{ start: 0, end: 11, rowOffset: 0 }, { start: 11, end: 15, rowOffset: 2 }])
  // No cut after blank or whitespace-only lines: they are skipped, so the row offset is the last record's line.
  t.same(split(Buffer.from('a\n\n  \nb\n'), 1).ranges, [{ start: 0, end: 2, rowOffset: 0 }, { start: 2, end: 8, rowOffset: 1 }])
  t.same(split(Buffer.from('a\rb\nc\n'), 1).ranges, [{ start: 0, end: 4, rowOffset: 0 }, { start: 4, end: 6, rowOffset: 2 }])
})

t.test('tiny and empty files, and any chunking', async (t) => {
  t.same(split(Buffer.alloc(0), 1).ranges, [])
  t.same(split(Buffer.from('a'), 1).ranges, [{ start: 0, end: 1, rowOffset: 0 }])
  t.same(split(Buffer.from('\uFEFF'), 1).ranges, [{ start: 0, end: 3, rowOffset: 0 }])
  t.same(split(Buffer.from('a\nb'), 100).ranges, [{ start: 0, end: 3, rowOffset: 0 }], 'a file smaller than the target is one range')
  const text = Buffer.from('\uFEFF"a""\r\n",b\r\n"c"\r\n""\rx\n')
  const expected = split(text, 1)
  for (const chunk of [1, 2, 3, 5]) t.same(split(text, 1, chunk), expected, `chunks of ${chunk} bytes`)
  t.equal(expected.firstRecordEnd, 14, 'the header ends after BOM, quoted CRLF and its own CRLF')
})

t.test('the first record can be a range of its own, whatever the target', async (t) => {
  const text = Buffer.from('\uFEFF\n  \n"h\n1",h2\r\n\r\na,b\nc,d\ne,f\n')
  t.same(split(text, 1000, text.length, ',', true).ranges, [{ start: 0, end: 17, rowOffset: 0 }, { start: 17, end: 31, rowOffset: 4 }],
    'BOM, blank lines and the quoted header alone, then the rest as one range')
  t.same(split(text, 6, 3, ',', true).ranges.map((r) => r.end), [17, 23, 31], 'then ranges of the target, in any chunking')
  t.same(split(Buffer.from('a,b'), 1000, 3, ',', true).ranges, [{ start: 0, end: 3, rowOffset: 0 }], 'a file of one record without a line break')
  t.same(split(Buffer.from('a,b\n'), 1000, 4, ',', true).ranges, [{ start: 0, end: 4, rowOffset: 0 }], 'or with one, and nothing after it')
})

t.test('random text, the first record alone and the rest in memory: parse as the whole, header or not', async (t) => {
  const alphabet = fc.constantFrom('a', 'b', ',', '"', '""', '\n', '\r\n', '\r', ' ', '\t', '\f', '\uFEFF', 'é')
  await fc.assert(fc.asyncProperty(fc.array(alphabet, { maxLength: 60 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 9 }), fc.boolean(),
    async (parts, target, chunk, header) => {
      const bytes = Buffer.from(parts.join(''))
      // An empty file has no range at all; only one parser over it can say a header was expected.
      if (bytes.length === 0) return true
      // By index: a header by name that lacks a column fails before a later broken quote in a range of its own, but
      // after it in one small stream (csv-parse reads that far ahead), so only the first is compared here.
      const layout = header ? withHeader : noHeader
      return JSON.stringify(await byRanges(bytes, target, chunk, byIndex, layout, 'memory', true)) === JSON.stringify(await whole(bytes, byIndex, layout))
    }), { numRuns: 2000 })
  t.pass('2000 random files')
})

t.test('only single-byte separators other than quote and line breaks are splittable', async (t) => {
  t.equal(splittableSeparator(','), 44)
  t.equal(splittableSeparator('\t'), 9)
  t.equal(splittableSeparator('"'), null)
  t.equal(splittableSeparator('§'), null)
})

// The fixture of parse-data-file.test.ts and worse: every quoting case the parser accepts, every line break.
const HOSTILE = '\uFEFFA1,x,"Smith, Jr","say ""hi"""\r\nA2,x,"two\r\nlines",n\r\n\r\nA3,x\r\n ,x,Jones,n\r\nA5,x,O"Hara,n\r\n' +
  'A6,x,"wrong"quote,n\r\nA7,x,  "Lee, Jr",n\n\n   \nA8,x,"multi\nline ""quoted""\r\n",z\nA9,x,"a\rb",n\rtext\n"",x,y\n' +
  'A10,x,\f"ff",n\n\t"A11\n",x,"""",n\nA12,"x"y"z,"\n",n\r\nA13,x,"end"'

t.test('parsing range by range gives exactly the rows of one parser, at every cut and chunking', async (t) => {
  for (const [name, text, format, layout] of [
    ['hostile, no header', HOSTILE, byIndex, noHeader],
    ['hostile, header row by index', HOSTILE, byIndex, withHeader],
    ['hostile, header row by name', 'id,b,c\r\n' + HOSTILE.slice(1).replace(/^A1/, 'A0'), byName, withHeader],
    ['unclosed quote', 'a,b\nc,"d\ne,f\ng,h\n', byIndex, noHeader],
    ['blank lines before the header', '\n\n id , b\n1,2\n\n3,4,5\n', byName, withHeader],
  ] as const) {
    const bytes = Buffer.from(text)
    const expected = await whole(bytes, format, layout)
    for (let target = 1; target <= bytes.length; target += 3) {
      for (const chunk of [1, 7, 4096]) {
        const got = await byRanges(bytes, target, chunk, format, layout)
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          t.same(got, expected, `${name}: target ${target}, chunks of ${chunk}`)
          return
        }
      }
      const inMemory = await byRanges(bytes, target, 4096, format, layout, 'memory')
      if (JSON.stringify(inMemory) !== JSON.stringify(expected)) {
        t.same(inMemory, expected, `${name}: target ${target}, later ranges in memory`)
        return
      }
    }
    t.pass(`${name}: every cut gives the same rows`)
  }
  t.match(await whole(Buffer.from('a,b\nc,"d\ne,f\ng,h\n'), byIndex, noHeader), /record starting at line 2: Quote Not Closed/)
})

t.test('random text over quotes, separators and line breaks: ranges parse as the whole', async (t) => {
  const alphabet = fc.constantFrom('a', 'b', ',', '"', '""', '\n', '\r\n', '\r', ' ', '\t', '\f', '\uFEFF', 'é')
  await fc.assert(fc.asyncProperty(fc.array(alphabet, { maxLength: 60 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 9 }), async (parts, target, chunk) => {
    const bytes = Buffer.from(parts.join(''))
    const expected = await whole(bytes, byIndex, noHeader)
    const got = await byRanges(bytes, target, chunk, byIndex, noHeader)
    const inMemory = await byRanges(bytes, target, chunk, byIndex, noHeader, 'memory')
    return JSON.stringify(got) === JSON.stringify(expected) && JSON.stringify(inMemory) === JSON.stringify(expected)
  }), { numRuns: 2000 })
  t.pass('2000 random files')
})

t.test('random tab-separated text: ranges in memory parse as the whole', async (t) => {
  const tabs: FileLayout = { separator: '\t', firstLineHeader: false }
  const alphabet = fc.constantFrom('a', 'b', '\t', '\t\t', '"', '""', '\n', '\r\n', '\r', ' ', ',', 'é')
  await fc.assert(fc.asyncProperty(fc.array(alphabet, { maxLength: 60 }), fc.integer({ min: 1, max: 20 }), async (parts, target) => {
    const bytes = Buffer.from(parts.join(''))
    const expected = await whole(bytes, byIndex, tabs)
    return JSON.stringify(await byRanges(bytes, target, 4096, byIndex, tabs, 'memory')) === JSON.stringify(expected)
  }), { numRuns: 1000 })
  t.pass('1000 random files')
})
