import { createReadStream } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { ColumnType } from '@ligature/contracts/enums'
import { headerCells, type RangeStart } from '../parse/delimited.js'
import { importFormatProblems, type FileLayout, type ImportFormatSpec } from '../parse/import-format.js'
import { DEFAULT_MAX_DATA_BYTES, isGzipName } from '../parse/open-text.js'
import { RangeSplitter, splittableSeparator } from '../parse/record-boundaries.js'
import type { RangeOutput } from './parse-range.js'
import type { RangePool } from './range-pool.js'

/**
 * Below this size (about 3,000 records) a file is parsed on the calling thread. The parse threads are a worker's
 * own, started when it boots and kept (kept-range-pool.ts), so a file of a few thousand records gains from them:
 * 10,000 records (0.8 MB) into a million-record store took 0.29–0.41 s on one thread against 0.21–0.29 s on two
 * (six rounds alternating, warm; 2-core Intel Xeon), with less CPU too: the threads split plain CSV without csv-parse.
 */
export const SPLIT_MIN_BYTES = 256 * 1024
/** Largest range: small enough to balance the threads and bound memory, large enough that messages are few. */
export const RANGE_BYTES = 4 * 1024 ** 2
/** Smallest range, for small files: a message per range costs far less than the range's parse. */
const MIN_RANGE_BYTES = 64 * 1024

/** Bytes per range for a file of `size` on `threads` threads: about four ranges a thread, within the bounds above. */
export function rangeBytesFor(size: number, threads: number): number {
  return Math.min(RANGE_BYTES, Math.max(MIN_RANGE_BYTES, Math.ceil(size / (4 * Math.max(threads, 1)))))
}

export interface SplitFile {
  path: string
  /** The name messages give the file (default: the name of `path`). */
  fileName?: string
  format: ImportFormatSpec
  layout: FileLayout
  linePrefix: string
  rangeBytes?: number
}

/**
 * A gzipped file this much smaller than SPLIT_MIN_BYTES is parsed on one thread. Delimited text compresses about
 * four to eight times, so a file of an eighth of the minimum is likely to hold at least the minimum.
 */
const GZIP_RATIO_GUESS = 8

/**
 * How a file can be parsed in ranges: `plain`, a delimited file with a one-byte separator, at least `minBytes` long,
 * whose import format applies; `gunzip`, the same gzipped, at least an eighth of `minBytes`, which must first be
 * decompressed to a file of its own (gzip has no random access; inflate-copy.ts); null for everything else, which
 * takes the single-thread path, where a misconfigured format or an oversized file is reported as it always has been.
 * Fixed-width files are rare and small in practice and stay on one thread.
 */
export async function splitRoute(path: string, format: ImportFormatSpec, layout: FileLayout, minBytes = SPLIT_MIN_BYTES): Promise<'plain' | 'gunzip' | null> {
  if (format.columnType === ColumnType.FixedWidth) return null
  if (splittableSeparator(layout.separator) === null || importFormatProblems(format, layout).length > 0) return null
  const size = (await stat(path)).size
  if (isGzipName(path)) return size >= minBytes / GZIP_RATIO_GUESS ? 'gunzip' : null
  return size >= minBytes && size <= DEFAULT_MAX_DATA_BYTES ? 'plain' : null
}

/**
 * Parses and preprocesses a file in ranges on the pool's threads and yields each range's output in file order.
 * The main thread only scans the bytes for record boundaries (RangeSplitter) and keeps at most two ranges per
 * thread in flight, so memory stays bounded whatever the file size. The first error in file order ends the
 * iteration, as it would end a single parser.
 */
export async function* parseInRanges(file: SplitFile, pool: RangePool): AsyncGenerator<RangeOutput> {
  // The first record is a range of its own: the first range is parsed as a stream by csv-parse (it holds the BOM
  // and the header), every later one read whole and split without it when it holds only plain CSV.
  const splitter = new RangeSplitter(splittableSeparator(file.layout.separator)!, file.rangeBytes ?? rangeBytesFor((await stat(file.path)).size, pool.size), true)
  const ranges = (async function* () {
    for await (const chunk of createReadStream(file.path, { highWaterMark: 1 << 20 })) yield* splitter.push(chunk as Buffer)
    yield* splitter.end()
  })()
  let header: string[] | null | undefined
  const inFlight: Promise<RangeOutput>[] = []
  let scanned = false
  const fill = async () => {
    while (!scanned && inFlight.length < pool.size * 2) {
      const next = await ranges.next()
      if (next.done) { scanned = true; break }
      const range = next.value
      let from: RangeStart | null = null
      if (range.start > 0) {
        // The first range ends after the header, so its end is known by now.
        header ??= file.layout.firstLineHeader ? headerCells(await readHead(file.path, splitter.firstRecordEnd!), file.layout) : null
        from = { rowOffset: range.rowOffset, header }
      }
      const output = pool.run({ path: file.path, fileName: file.fileName ?? basename(file.path), format: file.format, layout: file.layout, range, from, linePrefix: file.linePrefix })
      // Awaited in order below; until then a failure must not count as unhandled.
      output.catch(() => {})
      inFlight.push(output)
    }
  }
  try {
    await fill()
    while (inFlight.length > 0) {
      const output = await inFlight.shift()!
      await fill()
      yield output
    }
  } finally {
    await ranges.return(undefined)
  }
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path)
  try {
    const buf = Buffer.alloc(bytes)
    const { bytesRead } = await handle.read(buf, 0, bytes, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}
