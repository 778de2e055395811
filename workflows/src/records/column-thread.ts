/**
 * Entry of a column-coding thread (column-helper.ts): codes some of a COPY read's columns from the cells the
 * reading thread sends, and answers with their codes and dictionaries; then waits for the next read's 'start'
 * (kept-column-thread.ts). Errors go back as plain data, and a thread that failed answers nothing more.
 */
import { parentPort } from 'node:worker_threads'
import { RecordTableBuilder } from '@ligature/engine'
import type { ColumnThreadReply, ColumnThreadRequest } from './column-helper.js'

const port = parentPort
if (!port) throw new Error('column-thread.ts runs as a worker thread')
let builder: RecordTableBuilder | null = null
let failed = false

port.on('message', (message: ColumnThreadRequest) => {
  if (failed) return
  try {
    if (message.kind === 'start') builder = new RecordTableBuilder(message.specs, 1 << 16)
    else if (message.kind === 'cells') builder!.addBatch(message.batch, 0, null)
    else {
      const table = builder!.build()
      const columns = table.columnNames.map((name) => table.column(name))
      port.postMessage({ columns: columns.map((c) => ({ codes: c.codes, values: [...c.values] })) } satisfies ColumnThreadReply,
        columns.map((c) => c.codes.buffer as ArrayBuffer))
      builder = null
    }
  } catch (e) {
    failed = true
    port.postMessage({ failed: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies ColumnThreadReply)
  }
})
// Loaded: a kept thread counts as warm (kept-column-thread.ts).
port.postMessage({ ready: true } satisfies ColumnThreadReply)
