import { CR, FORM_FEED, LF, QUOTE, SPACE, TAB } from './char-codes.js'

/**
 * A range's records as offsets into its text, so a range of tens of thousands of records costs a few typed
 * arrays until each row is taken (cellsOf), not an array of strings per record all at once.
 */
export interface PlainRecords {
  text: string
  count: number
  /** Row number of each record. */
  rowNumbers: Float64Array
  /** Index (in cells) of each record's first cell in `bounds`; count + 1 entries. */
  firstCell: Int32Array
  /** Start and end of each cell in `text`; a start stored as -(start + 1) marks a quoted cell holding "". */
  bounds: Int32Array
}

/** The cells of record k, as csv-parse gives them. */
export function cellsOf(plain: PlainRecords, k: number): string[] {
  const { text, bounds } = plain
  const cells: string[] = []
  for (let c = plain.firstCell[k]!; c < plain.firstCell[k + 1]!; c++) {
    const start = bounds[2 * c]!, end = bounds[2 * c + 1]!
    // Inside a quoted cell every quote is half of a doubled one: a lone quote would have closed the cell.
    cells.push(start >= 0 ? text.slice(start, end) : text.slice(-start - 1, end).replaceAll('""', '"'))
  }
  return cells
}

/**
 * The records of one range of a delimited file, split without csv-parse when the range holds only what both
 * read alike: unquoted fields without quotes, quoted fields closed right before a separator or a line break,
 * blanks before either (dropped, as csv-parse's ltrim drops them), LF or CRLF line breaks, blank lines.
 * Anything else (a field of blanks only, a stray quote, a lone CR, text after a closing quote, an unclosed
 * quote, a replacement character from bad UTF-8, a very long record) answers null and the range goes through
 * csv-parse, whose errors and relaxations stay the only ones users see. Splitting a decoded range with
 * charCodeAt and slices takes a quarter of csv-parse's time (200,000 synthetic rows: 160–194 ms against
 * 700–889 ms), and csv-parse was about a third of a parallel load's CPU.
 *
 * Rows are numbered as delimited.ts numbers them: the line a record ends on, counting LFs (a CRLF once),
 * plus the range's row offset.
 */
export function splitPlainRecords(text: string, separator: string, rowOffset: number, maxRecordChars: number): PlainRecords | null {
  if (separator.length !== 1 || text.includes('\uFFFD')) return null
  const sep = separator.charCodeAt(0)
  if (sep === QUOTE || sep === LF || sep === CR || sep === SPACE || sep === FORM_FEED) return null
  const out = new Offsets()
  const n = text.length
  let pos = 0
  let lines = 0
  while (pos < n) {
    const first = text.charCodeAt(pos)
    if (first === LF) { lines++; pos++; continue }
    if (first === CR) {
      if (text.charCodeAt(pos + 1) !== LF) return null
      lines++; pos += 2; continue
    }
    const start = pos
    const firstCell = out.cells
    for (;;) {
      let c = pos < n ? text.charCodeAt(pos) : -1
      if (c === SPACE || c === FORM_FEED || (c === TAB && sep !== TAB)) {
        // csv-parse's ltrim: blanks before a cell's text or opening quote are dropped. A cell of blanks only
        // (and so a line of them, which it skips) is left to csv-parse.
        do c = ++pos < n ? text.charCodeAt(pos) : -1
        while (c === SPACE || c === FORM_FEED || (c === TAB && sep !== TAB))
        if (c === sep || c === LF || c === CR || c === -1) return null
      }
      if (c === QUOTE) {
        let from = pos + 1
        let doubled = false
        for (;;) {
          const q = text.indexOf('"', from)
          if (q < 0) return null
          const counted = countLineBreaks(text, from, q)
          if (counted < 0) return null
          lines += counted
          if (text.charCodeAt(q + 1) === QUOTE) { doubled = true; from = q + 2; continue }
          out.cell(doubled ? -(pos + 1) - 1 : pos + 1, q)
          pos = q + 1
          break
        }
      } else {
        let end = pos
        while (end < n) {
          const d = text.charCodeAt(end)
          if (d === sep || d === LF || d === CR) break
          if (d === QUOTE) return null
          end++
        }
        out.cell(pos, end)
        pos = end
      }
      const next = pos < n ? text.charCodeAt(pos) : -1
      if (next === sep) { pos++; continue }
      if (next === -1) break
      if (next === LF) { pos++; break }
      if (next === CR && text.charCodeAt(pos + 1) === LF) { pos += 2; break }
      return null
    }
    // csv-parse counts a record's bytes against its limit; well under it here, so no limit error is skipped.
    if (pos - start > maxRecordChars / 4) return null
    out.record(firstCell, rowOffset + lines + 1)
    if (text.charCodeAt(pos - 1) === LF) lines++
  }
  return { text, count: out.count, rowNumbers: out.rowNumbers, firstCell: out.firstCell, bounds: out.bounds }
}

/** LFs in text[from, to), or -1 when a CR there is not followed by a LF (csv-parse counts lone CRs as lines). */
function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0
  for (let p = from; p < to; p++) {
    const c = text.charCodeAt(p)
    if (c === LF) count++
    else if (c === CR && text.charCodeAt(p + 1) !== LF) return -1
  }
  return count
}

/** The scan's typed arrays, grown by doubling. */
class Offsets {
  rowNumbers = new Float64Array(1024)
  firstCell = new Int32Array(1025)
  bounds = new Int32Array(8192)
  count = 0
  cells = 0

  cell(start: number, end: number): void {
    if (2 * this.cells + 2 > this.bounds.length) this.bounds = grown(this.bounds, new Int32Array(this.bounds.length * 2))
    this.bounds[2 * this.cells] = start
    this.bounds[2 * this.cells + 1] = end
    this.cells++
  }

  record(firstCell: number, rowNumber: number): void {
    // firstCell holds one entry more than rowNumbers (the end of the last record); both grow together.
    if (this.count + 1 >= this.firstCell.length) {
      this.firstCell = grown(this.firstCell, new Int32Array(this.firstCell.length * 2))
      this.rowNumbers = grown(this.rowNumbers, new Float64Array(this.firstCell.length - 1))
    }
    this.firstCell[this.count] = firstCell
    this.rowNumbers[this.count] = rowNumber
    this.count++
    this.firstCell[this.count] = this.cells
  }
}

const grown = <T extends Int32Array | Float64Array>(from: T, to: T): T => { to.set(from); return to }
