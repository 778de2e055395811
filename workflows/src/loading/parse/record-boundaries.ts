import { CR, FORM_FEED, LF, QUOTE, SPACE, TAB } from './char-codes.js'

/** A run of whole records of a delimited file, for one parser of a parallel load. */
export interface ByteRange {
  /** First byte (0 for the first range, which holds the BOM and the header if any). */
  start: number
  /** One past the last byte: just after a record's line break, or the end of the file. */
  end: number
  /**
   * Row number of the last non-empty record before `start` (0 for the first range): the parser of this range
   * adds it to its own row numbers, so rows are numbered exactly as one parser over the whole file numbers them.
   */
  rowOffset: number
}


/** Separators the splitter understands: one byte that is neither a quote nor part of a line break. */
export function splittableSeparator(separator: string): number | null {
  if (separator.length !== 1) return null
  const code = separator.charCodeAt(0)
  return code < 0x80 && code !== QUOTE && code !== LF && code !== CR ? code : null
}

/**
 * Cuts a delimited file into ranges of about `targetBytes` at record boundaries, from its bytes in order (any
 * chunking). It follows csv-parse with the options of delimited.ts byte for byte, because a cut inside a
 * quoted field would make two parsers read garbage: a quote opens a quoted field only at the start of a field
 * (after blanks, which are trimmed), `""` inside one is a literal quote, any other quote closes it (relax_quotes),
 * and only a LF or CRLF outside quotes ends a record; a quote in the middle of an unquoted field is text, which a
 * bare quote-parity count would get wrong. A leading BOM is skipped as csv-parse skips it.
 *
 * Rows are numbered as delimited.ts numbers them: csv-parse's line count (every CR or LF, but a CRLF line break
 * once) less the CRLFs inside quoted fields, which is the count of LFs plus lone CRs. A cut is placed only after a
 * non-empty record (csv-parse skips blank and whitespace-only lines), so the previous record's row number is
 * exactly the count so far, and a parse error in the next range names the same "record starting at line" as
 * one parser would.
 */
export class RangeSplitter {
  private quoting = false
  /** No character of the current field yet, blanks aside (csv-parse's `ltrim`): a quote here opens quoting. */
  private fieldEmpty = true
  /** Nothing but blanks on this record so far: csv-parse skips it as an empty line. */
  private recordEmpty = true
  /** LFs plus lone CRs before the scan position. */
  private rows = 0
  /** Absolute offset of `carry[0]`, or of the next chunk's first byte. */
  private offset = 0
  /** Bytes not scanned yet because their meaning depends on the next byte (a trailing quote or CR), or a BOM check. */
  private carry: Buffer = Buffer.alloc(0)
  private bomChecked = false
  private rangeStart = 0
  private rangeRowOffset = 0
  private headerEnd: number | null = null

  /**
   * `firstRecordAlone`: the first range is the first non-empty record alone (with any BOM and blank lines before
   * it), so csv-parse, which reads the first range as a stream, reads only that, and every later range, whole in
   * memory, may take the splitter of plain records (delimited.ts, parseDelimitedRange).
   */
  constructor(private readonly separator: number, private readonly targetBytes: number, private readonly firstRecordAlone = false) {}

  /** The end of the first non-empty record (the header when there is one), once scanned. */
  get firstRecordEnd(): number | null {
    return this.headerEnd
  }

  /** Scans the next bytes of the file; returns the ranges they complete. */
  push(chunk: Buffer): ByteRange[] {
    let buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk
    if (!this.bomChecked) {
      if (buf.length < 3) { this.carry = buf; return [] }
      this.bomChecked = true
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) { buf = buf.subarray(3); this.offset += 3 }
    }
    const last = buf.length > 0 ? buf[buf.length - 1] : undefined
    const out: ByteRange[] = []
    const scanned = this.scan(buf, last === QUOTE || last === CR ? buf.length - 1 : buf.length, out)
    this.carry = scanned < buf.length ? Buffer.from(buf.subarray(scanned)) : Buffer.alloc(0)
    return out
  }

  /** Ends the file: the ranges still open, the last one reaching the end (none when the file is empty). */
  end(): ByteRange[] {
    const out: ByteRange[] = []
    // Fewer than three bytes were pushed when the BOM is still unchecked: too short to be one.
    this.scan(this.carry, this.carry.length, out)
    this.bomChecked = true
    this.carry = Buffer.alloc(0)
    if (this.offset > this.rangeStart) out.push({ start: this.rangeStart, end: this.offset, rowOffset: this.rangeRowOffset })
    this.rangeStart = this.offset
    return out
  }

  /**
   * Scans `buf` from 0 to at least `stop` (one further when the byte before `stop` pairs with the next) and
   * returns where it stopped. A quote or CR at the end of `buf` reads as at the end of the file.
   */
  private scan(buf: Buffer, stop: number, out: ByteRange[]): number {
    // The state lives in locals while the loop runs and goes back to the fields after: kept in the fields, every
    // byte of the file stored them again (this scan is the main thread's whole share of a parallel load).
    const sep = this.separator
    let quoting = this.quoting, fieldEmpty = this.fieldEmpty, recordEmpty = this.recordEmpty, rows = this.rows
    let i = 0
    for (; i < stop; i++) {
      const c = buf[i]!
      if (quoting) {
        if (c === QUOTE) {
          if (i + 1 < buf.length && buf[i + 1] === QUOTE) i++ // "" inside quotes: a literal quote
          else { quoting = false; fieldEmpty = false }
        } else if (c === LF) {
          rows++
        } else if (c === CR && !(i + 1 < buf.length && buf[i + 1] === LF)) {
          rows++ // a lone CR counts as a line; a CRLF counts once, at its LF
        }
        continue
      }
      if (c > QUOTE && c !== sep) {
        // Most bytes: text, which ends neither a field nor a record.
        fieldEmpty = false
        recordEmpty = false
      } else if (c === LF || (c === CR && i + 1 < buf.length && buf[i + 1] === LF)) {
        if (c === CR) i++
        rows++
        if (!recordEmpty) { this.rows = rows; this.recordEnded(this.offset + i + 1, out) }
        fieldEmpty = true
        recordEmpty = true
      } else if (c === CR) {
        rows++ // a lone CR outside quotes is a trimmed blank or text, never a line break, but csv-parse counts it
      } else if (c === sep) {
        fieldEmpty = true
        recordEmpty = false
      } else if (c === QUOTE) {
        if (fieldEmpty) quoting = true
        fieldEmpty = false
        recordEmpty = false
      } else if (c !== SPACE && c !== TAB && c !== FORM_FEED) {
        fieldEmpty = false
        recordEmpty = false
      }
    }
    this.quoting = quoting
    this.fieldEmpty = fieldEmpty
    this.recordEmpty = recordEmpty
    this.rows = rows
    this.offset += i
    return i
  }

  private recordEnded(end: number, out: ByteRange[]): void {
    const first = this.headerEnd === null
    this.headerEnd ??= end
    if (!(first && this.firstRecordAlone) && end - this.rangeStart < this.targetBytes) return
    out.push({ start: this.rangeStart, end, rowOffset: this.rangeRowOffset })
    this.rangeStart = end
    this.rangeRowOffset = this.rows
  }
}
