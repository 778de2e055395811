/**
 * A second thread coding some columns of a large COPY read (readLinkageRecords): the reading thread splits the
 * rows and codes the first columns; the helper gets the other columns' cells (bytes and offsets, in batches) and
 * codes them. Each column is coded by one thread, in row order, so codes and dictionaries equal a one-thread read's.
 * Dictionary coding is most of a read's CPU (a million records of eleven fields: about 1.4 s of 2.6 s, the COPY
 * split 0.7 s), and a worker's second core is otherwise idle while a linkage's records are read once for every
 * partition. The thread is taken only once a read has passed THREAD_FROM_ROWS; a smaller read's cells are coded
 * here at the end, so small linkages pay nothing for it. The thread is the process's kept one when it is free
 * (kept-column-thread.ts), and goes back to it after a clean read.
 */
import type { Worker } from 'node:worker_threads'
import { Column, RecordTableBuilder, type CellBatch, type ColumnSpec } from '@ligature/engine'
import { returnColumnThread, takeColumnThread } from './kept-column-thread.js'
import type { RawRow } from './copy-out.js'

export type ColumnThreadRequest =
  | { kind: 'start'; specs: ColumnSpec[] }
  | { kind: 'cells'; batch: CellBatch }
  | { kind: 'end' }

export type ColumnThreadReply =
  | { ready: true }
  | { columns: { codes: Int32Array; values: string[] }[] }
  | { failed: string }

/** Rows per batch at most; a COPY chunk (about 64 KiB) holds a few hundred records, and a batch never spans two. */
const BATCH_ROWS = 4096
/** Rows a read holds before its helper thread starts: about 0.1 s of coding, the order of starting a thread. */
export const THREAD_FROM_ROWS = 100_000

export class ColumnHelper {
  private worker: Worker | null = null
  private done: Promise<Column[]> | null = null
  private detach: () => void = () => {}
  private tookThread = false
  private readonly width: number
  private rows = 0
  private source: Buffer | null = null
  private starts: Int32Array
  private ends: Int32Array
  private elsewhere: Map<number, Uint8Array> | null = null
  /** Batches made before the thread starts, and their rows. */
  private queued: CellBatch[] = []
  private queuedRows = 0

  /** Codes columns `specs`, which are fields `firstField`, `firstField + 1`, … of each row. */
  constructor(private readonly specs: ColumnSpec[], private readonly firstField: number, private readonly threadFromRows = THREAD_FROM_ROWS) {
    this.width = specs.length
    this.starts = new Int32Array(BATCH_ROWS * this.width)
    this.ends = new Int32Array(BATCH_ROWS * this.width)
  }

  /** Whether the columns were given to a thread of their own (the read passed threadFromRows). */
  get threaded(): boolean {
    return this.tookThread
  }

  /** The helper's cells of one row (read them before the reader moves on: RawRow is reused). */
  add(row: RawRow): void {
    if (this.rows > 0 && (row.buffer !== this.source || this.rows === BATCH_ROWS)) this.flush()
    this.source = row.buffer
    const cell0 = this.rows++ * this.width
    for (let c = 0; c < this.width; c++) {
      const f = this.firstField + c, cell = cell0 + c
      if (row.anyDecoded && row.decoded[f]) {
        (this.elsewhere ??= new Map()).set(cell, row.decoded[f])
        this.starts[cell] = 0; this.ends[cell] = 0
        continue
      }
      // SQL NULL (end −1) as an empty range: the empty value, as RawRow reads it.
      const end = row.ends[f]!
      this.starts[cell] = end === -1 ? 0 : row.starts[f]!
      this.ends[cell] = end === -1 ? 0 : end
    }
  }

  /** The helper's columns once every row has been added; the thread, if any, is given back (kept after a clean read, ended otherwise). */
  async finish(): Promise<Column[]> {
    this.flush()
    if (!this.worker) {
      const builder = new RecordTableBuilder(this.specs, Math.max(this.queuedRows, 1))
      for (const batch of this.queued) builder.addBatch(batch, 0, null)
      this.queued = []
      const table = builder.build()
      return table.columnNames.map((name) => table.column(name))
    }
    let clean = false
    try {
      this.worker.postMessage({ kind: 'end' } satisfies ColumnThreadRequest)
      const columns = await this.done!
      clean = true
      return columns
    } finally {
      await this.release(clean)
    }
  }

  /** Gives up the thread, if any, without waiting for its columns (the read failed); it is ended, not kept. */
  async abandon(): Promise<void> {
    this.queued = []
    await this.release(false)
  }

  private release(clean: boolean): Promise<void> {
    const worker = this.worker
    if (!worker) return Promise.resolve()
    this.detach()
    this.worker = null
    return returnColumnThread(worker, clean)
  }

  private start(): void {
    const worker = this.worker = takeColumnThread()
    this.tookThread = true
    this.done = new Promise<Column[]>((resolve, reject) => {
      const onMessage = (reply: ColumnThreadReply) => {
        if ('ready' in reply) return
        if ('failed' in reply) reject(new Error(`A column-coding thread failed: ${reply.failed}`))
        else resolve(reply.columns.map((c, k) => new Column(this.specs[k]!, c.codes, c.values)))
      }
      const onExit = (code: number) => reject(new Error(`A column-coding thread exited with code ${code}`))
      worker.on('message', onMessage)
      worker.on('error', reject)
      worker.on('exit', onExit)
      this.detach = () => { worker.off('message', onMessage); worker.off('error', reject); worker.off('exit', onExit) }
    })
    // Settled by finish(); a failure before then must not count as unhandled.
    this.done.catch(() => undefined)
    worker.postMessage({ kind: 'start', specs: this.specs } satisfies ColumnThreadRequest)
    for (const batch of this.queued) this.post(batch)
    this.queued = []
  }

  private post(batch: CellBatch): void {
    this.worker!.postMessage({ kind: 'cells', batch } satisfies ColumnThreadRequest, [batch.bytes.buffer as ArrayBuffer, batch.starts.buffer as ArrayBuffer, batch.ends.buffer as ArrayBuffer])
  }

  /** Ends the batch: only the bytes its cells lie in, copied (the reader's buffer is not ours to keep or give away). */
  private flush(): void {
    const n = this.rows * this.width
    if (n === 0 || !this.source) return
    let lo = Infinity, hi = 0
    for (let cell = 0; cell < n; cell++) {
      if (this.ends[cell]! === 0) continue
      if (this.starts[cell]! < lo) lo = this.starts[cell]!
      if (this.ends[cell]! > hi) hi = this.ends[cell]!
    }
    if (lo > hi) lo = hi = 0
    const bytes = new Uint8Array(this.source.subarray(lo, hi))
    const starts = this.starts.slice(0, n), ends = this.ends.slice(0, n)
    for (let cell = 0; cell < n; cell++) if (ends[cell]! !== 0) { starts[cell] = starts[cell]! - lo; ends[cell] = ends[cell]! - lo }
    const batch: CellBatch = { rows: this.rows, width: this.width, bytes, starts, ends, elsewhere: this.elsewhere }
    this.rows = 0
    this.elsewhere = null
    if (this.worker) return this.post(batch)
    this.queued.push(batch)
    this.queuedRows += batch.rows
    if (this.queuedRows >= this.threadFromRows) this.start()
  }
}
