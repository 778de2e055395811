import { pipeline, Readable } from 'node:stream'
import { Parser, type Options } from 'csv-parse'
import { parse as parseSync } from 'csv-parse/sync'
import { ColumnPlan } from './column-plan.js'
import { checkedRow } from './checked-row.js'
import type { FileLayout, ImportFormatSpec } from './import-format.js'
import { MAX_RECORD_CHARS, dataFileError } from './open-text.js'
import type { RowResult } from './rows.js'
import { cellsOf, splitPlainRecords, type PlainRecords } from './plain-records.js'

/**
 * Rows of a delimited file (DelimitedByIndex or DelimitedByName), streamed through csv-parse.
 * Quoting follows RFC 4180 (a field in double quotes may hold the separator, line breaks and doubled quotes);
 * a stray quote inside an unquoted field is kept as text. Leading blanks before a field are skipped so that
 * `a, "b, c"` reads as two fields. Wrong column counts and blank source ids become invalid rows; damage that
 * loses track of where rows start (an unclosed quote, a runaway record) fails the whole file.
 */
export async function* parseDelimited(bytes: Readable, format: ImportFormatSpec, layout: FileLayout, fileName: string, from?: RangeStart): AsyncGenerator<RowResult> {
  // A BOM is only ever at the start of the file; a later range starting with those bytes starts with data.
  const parser = new RowNumberingParser(csvOptions(layout, from === undefined), from?.rowOffset ?? 0)
  pipeline(bytes, parser, (err) => {
    if (err) parser.destroy(err)
  })
  let plan: ColumnPlan | undefined
  let headerWidth = 0
  if (from) {
    plan = planOrThrow(ColumnPlan.build(format, from.header ?? undefined), fileName)
    headerWidth = from.header?.length ?? 0
  } else if (!layout.firstLineHeader) {
    plan = planOrThrow(ColumnPlan.build(format), fileName)
  }
  try {
    for await (const { record, rowNumber } of parser as AsyncIterable<NumberedRecord>) {
      if (!plan) {
        plan = planOrThrow(ColumnPlan.build(format, record), fileName)
        headerWidth = record.length
        continue
      }
      yield rowOf(plan, headerWidth, record, rowNumber)
    }
  } catch (e) {
    const err = e as Error & { code?: string; lines?: number }
    if (err.code && /^(CSV_|INVALID_)/.test(err.code)) {
      const detail = err.message.replace(/\s*at line \d+/, '').replace(/\.$/, '')
      throw dataFileError(fileName, `the record starting at line ${parser.lastRow + 1}: ${detail}`)
    }
    throw e
  }
  if (!plan) throw dataFileError(fileName, 'it is empty, but a header row was expected')
}

/**
 * The rows of a later range of a file (RangeSplitter), whole in memory: split by splitPlainRecords when it can,
 * synchronously, else through parseDelimited. Either way the same rows, numbers and rejections.
 */
export function parseDelimitedRange(bytes: Buffer, format: ImportFormatSpec, layout: FileLayout, fileName: string, from: RangeStart): Iterable<RowResult> | AsyncIterable<RowResult> {
  const plain = splitPlainRecords(bytes.toString('utf8'), layout.separator, from.rowOffset, MAX_RECORD_CHARS)
  if (plain === null) return parseDelimited(Readable.from([bytes]), format, layout, fileName, from)
  return plainRows(plain, planOrThrow(ColumnPlan.build(format, from.header ?? undefined), fileName), from.header?.length ?? 0)
}

function* plainRows(plain: PlainRecords, plan: ColumnPlan, headerWidth: number): Generator<RowResult> {
  for (let k = 0; k < plain.count; k++) yield rowOf(plan, headerWidth, cellsOf(plain, k), plain.rowNumbers[k]!)
}

/** One record's row: rejected when its width is wrong, else mapped onto the import format and checked. */
function rowOf(plan: ColumnPlan, headerWidth: number, record: string[], rowNumber: number): RowResult {
  if (headerWidth > 0 && record.length !== headerWidth) return { rowNumber, reason: `has ${record.length} columns; the header has ${headerWidth}` }
  if (record.length < plan.minimumWidth) return { rowNumber, reason: `has ${record.length} columns; the import format needs at least ${plan.minimumWidth}` }
  return checkedRow(rowNumber, plan.fromCells(record))
}

/** Where a later range of a file split by RangeSplitter starts (record-boundaries.ts). */
export interface RangeStart {
  /** Row number of the last record before the range: added to the range's own row numbers. */
  rowOffset: number
  /** The header row's cells (from `headerCells`) when the layout has a header row, else null. */
  header: readonly string[] | null
}

/** The header row's cells: the first non-empty record of the file's first bytes, read as parseDelimited reads it. */
export function headerCells(firstRecord: Buffer, layout: FileLayout): string[] | null {
  const records: string[][] = parseSync(firstRecord, csvOptions(layout, true))
  return records[0] ?? null
}

function csvOptions(layout: FileLayout, bom: boolean): Options {
  return {
    delimiter: layout.separator,
    quote: '"',
    escape: '"',
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    ltrim: true,
    bom,
    record_delimiter: ['\r\n', '\n'],
    max_record_size: MAX_RECORD_CHARS,
  }
}

interface NumberedRecord {
  record: string[]
  rowNumber: number
}

/**
 * csv-parse's stream, with each record tagged with its row number: the parser's line count at the moment the
 * record is complete (the same number is available through the `info` option, but that copies the whole parser
 * state per record and makes parsing about three times slower), less the CRLFs inside quoted fields, which
 * csv-parse counts as two lines. Numbering here, as records are parsed rather than as they are read, lets an
 * error name the record after the last one parsed whatever the stream's buffering, so a file parsed range by
 * range fails with the same sentence as one parsed whole.
 */
class RowNumberingParser extends Parser {
  /** Row number of the last record parsed; the range's row offset before the first. */
  lastRow: number
  private crlfInFields = 0
  private lastLines = 0

  constructor(options: Options, private readonly rowOffset: number) {
    super(options)
    this.lastRow = rowOffset
  }

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null) return super.push(null, encoding)
    const record = chunk as string[]
    const lines = this.info.lines
    // Only a record that took more than one line (or followed blank lines) can hold a line break.
    if (lines - this.lastLines > 1) {
      for (const cell of record) if (cell.includes('\r\n')) this.crlfInFields += cell.split('\r\n').length - 1
    }
    this.lastLines = lines
    this.lastRow = this.rowOffset + lines - this.crlfInFields
    return super.push({ record, rowNumber: this.lastRow }, encoding)
  }
}

function planOrThrow(plan: ColumnPlan | { problems: string[] }, fileName: string): ColumnPlan {
  if (plan instanceof ColumnPlan) return plan
  throw dataFileError(fileName, plan.problems.join(' '))
}
