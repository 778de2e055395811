import type { LinkageFieldName } from '../loading/linkage-fields.js'
import { parseInRanges } from '../loading/parallel/parse-in-ranges.js'
import { keptRangePool } from '../loading/parallel/kept-range-pool.js'
import type { ImportFormatSpec, FileLayout } from '../loading/parse/import-format.js'
import type { FileTally } from './file-tally.js'

export interface RangesInput {
  path: string
  fileName?: string
  format: ImportFormatSpec
  layout: FileLayout
  linePrefix: string
  threads: number
  rangeBytes?: number
}

/**
 * The COPY text of a file parsed and preprocessed in ranges on `threads` threads (loading/parallel), in file
 * order, with the counts and rejected rows added to `tally` range by range, so they come out as one parser's.
 * The threads are the process's kept ones (kept-range-pool.ts): an abandoned iteration's ranges in flight finish
 * and are dropped.
 */
export async function* copyTextInRanges(input: RangesInput, tally: FileTally, onProgress: (rows: number) => void): AsyncGenerator<Buffer> {
  for await (const output of parseInRanges(input, keptRangePool(input.threads))) {
    tally.read += output.read
    tally.added += output.added
    for (const row of output.invalid) await tally.reject(row)
    for (const [field, n] of Object.entries(output.blanked) as [LinkageFieldName, number][]) tally.countBlanked(field, n)
    onProgress(tally.read)
    // Batches arrive as plain Uint8Arrays (a transferred buffer loses its Buffer prototype); the COPY stream wants Buffers.
    for (const b of output.batches) yield Buffer.from(b.buffer, b.byteOffset, b.byteLength)
  }
}
