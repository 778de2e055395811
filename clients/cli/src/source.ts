/** Streams a delimited source file record by record with its line numbers, counting bytes for progress. */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Transform } from 'node:stream'
import { parse } from 'csv-parse'
import { CliError } from './errors.js'

export interface SourceRecord {
  /** Line number in the source file (1 = the header). */
  line: number
  cells: string[]
}

export async function openSource(path: string, delimiter: string, onBytes: (read: number) => void) {
  let size: number
  try { size = (await stat(path)).size } catch { throw new CliError(`Cannot read the data file ${path}.`) }
  let read = 0
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) { read += chunk.length; onBytes(read); done(null, chunk) },
  })
  const parser = parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: 1 << 20 })
  createReadStream(path, { highWaterMark: 1 << 20 }).on('error', (e) => parser.destroy(e)).pipe(counter).pipe(parser)
  async function* records(): AsyncGenerator<SourceRecord> {
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        yield { line: info.lines, cells: record }
      }
    } catch (e) {
      throw new CliError(`${path} cannot be read as delimited text: ${(e as Error).message}`)
    }
  }
  return { size, records: records() }
}
