import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream'
import { Parser } from 'csv-parse'
import { ColumnPlan } from './column-plan.js'
import { checkedRow } from './checked-row.js'
import type { FileLayout, ImportFormatSpec } from './import-format.js'
import { MAX_RECORD_CHARS, dataFileError } from './open-text.js'
import type { RowResult } from './rows.js'

/**
 * Rows of a delimited file (DelimitedByIndex or DelimitedByName), streamed through csv-parse.
 * Quoting follows RFC 4180 (a field in double quotes may hold the separator, line breaks and doubled quotes);
 * a stray quote inside an unquoted field is kept as text. Leading blanks before a field are skipped so that
 * `a, "b, c"` reads as two fields. Wrong column counts and blank source ids become invalid rows; damage that
 * loses track of where rows start (an unclosed quote, a runaway record) fails the whole file.
 */
export async function* parseDelimited(bytes: Readable, format: ImportFormatSpec, layout: FileLayout, fileName: string): AsyncGenerator<RowResult> {
  const parser = new LineTaggingParser({
    delimiter: layout.separator,
    quote: '"',
    escape: '"',
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    ltrim: true,
    bom: true,
    record_delimiter: ['\r\n', '\n'],
    max_record_size: MAX_RECORD_CHARS,
  })
  pipeline(bytes, parser, (err) => {
    if (err) parser.destroy(err)
  })
  let plan: ColumnPlan | undefined
  let headerWidth = 0
  let lastLine = 0
  // csv-parse counts a CRLF inside a quoted field as two lines; keep a running correction.
  let crlfInFields = 0
  if (!layout.firstLineHeader) plan = planOrThrow(ColumnPlan.build(format), fileName)
  try {
    let lastLines = 0
    for await (const { record, lines } of parser as AsyncIterable<TaggedRecord>) {
      // Only a record that took more than one line (or followed blank lines) can hold a line break.
      if (lines - lastLines > 1) {
        for (const cell of record) if (cell.includes('\r\n')) crlfInFields += cell.split('\r\n').length - 1
      }
      lastLines = lines
      const rowNumber = (lastLine = lines - crlfInFields)
      if (!plan) {
        plan = planOrThrow(ColumnPlan.build(format, record), fileName)
        headerWidth = record.length
        continue
      }
      if (headerWidth > 0 && record.length !== headerWidth) {
        yield { rowNumber, reason: `has ${record.length} columns; the header has ${headerWidth}` }
      } else if (record.length < plan.minimumWidth) {
        yield { rowNumber, reason: `has ${record.length} columns; the import format needs at least ${plan.minimumWidth}` }
      } else {
        yield checkedRow(rowNumber, plan.fromCells(record))
      }
    }
  } catch (e) {
    const err = e as Error & { code?: string; lines?: number }
    if (err.code && /^(CSV_|INVALID_)/.test(err.code)) {
      const detail = err.message.replace(/\s*at line \d+/, '').replace(/\.$/, '')
      throw dataFileError(fileName, `the record starting at line ${lastLine + 1}: ${detail}`)
    }
    throw e
  }
  if (!plan) throw dataFileError(fileName, 'it is empty, but a header row was expected')
}

interface TaggedRecord {
  record: string[]
  lines: number
}

/**
 * csv-parse's stream, with each record tagged with the parser's line count at the moment the record is
 * complete. The same number is available through the `info` option, but that copies the whole parser state
 * per record and makes parsing about three times slower.
 */
class LineTaggingParser extends Parser {
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    return super.push(chunk === null ? null : { record: chunk as string[], lines: this.info.lines }, encoding)
  }
}

function planOrThrow(plan: ColumnPlan | { problems: string[] }, fileName: string): ColumnPlan {
  if (plan instanceof ColumnPlan) return plan
  throw dataFileError(fileName, plan.problems.join(' '))
}
