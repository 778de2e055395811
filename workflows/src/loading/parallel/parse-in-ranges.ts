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

/** Below this size a file is parsed on one thread: starting the threads (about a second) costs more than it saves. */
export const SPLIT_MIN_BYTES = 16 * 1024 ** 2
/** Bytes per range: small enough to balance the threads and bound memory, large enough that messages are few. */
export const RANGE_BYTES = 4 * 1024 ** 2

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
  const splitter = new RangeSplitter(splittableSeparator(file.layout.separator)!, file.rangeBytes ?? RANGE_BYTES)
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
