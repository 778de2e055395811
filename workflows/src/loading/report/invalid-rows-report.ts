import { createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import type { InvalidRow } from '../parse/rows.js'

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised with an
 * apostrophe so that a spreadsheet opening the attachment never runs it as a formula.
 */
export function csvCell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * Streams invalid rows to a CSV file (`rowNumber,reason`, or `file,rowNumber,reason` when one report covers
 * several data files): the notification attachment that lists every row that was not stored. Writes wait
 * for the disk when its buffer is full, so a file with millions of bad rows never piles up in memory.
 */
export class InvalidRowsReport {
  private readonly out: WriteStream
  private rows = 0
  private failure: Error | undefined

  private constructor(readonly path: string, private readonly withFile: boolean) {
    this.out = createWriteStream(path, { flags: 'w' })
    this.out.on('error', (e) => (this.failure = e))
    this.out.write(withFile ? 'file,rowNumber,reason\n' : 'rowNumber,reason\n')
  }

  static create(path: string, options: { withFileColumn?: boolean } = {}): InvalidRowsReport {
    return new InvalidRowsReport(path, options.withFileColumn ?? false)
  }

  get count(): number {
    return this.rows
  }

  async add(row: InvalidRow, fileName = ''): Promise<void> {
    if (this.failure) throw this.failure
    const line = `${this.withFile ? `${csvCell(fileName)},` : ''}${row.rowNumber},${csvCell(row.reason)}\n`
    this.rows++
    if (!this.out.write(line)) await Promise.race([once(this.out, 'drain'), once(this.out, 'error')])
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- an Error the stream's handler set during the await (TS keeps the narrowing from above)
    if (this.failure) throw this.failure
  }

  /** Flushes and closes the file; resolves with the number of rows written. */
  async close(): Promise<number> {
    if (this.failure) throw this.failure
    this.out.end()
    await once(this.out, 'finish')
    return this.rows
  }
}
