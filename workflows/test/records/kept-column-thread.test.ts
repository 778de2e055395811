import t from 'tap'
import type { Worker } from 'node:worker_threads'
import { returnColumnThread, takeColumnThread, warmColumnThread } from '../../src/records/kept-column-thread.js'
import { ColumnHelper } from '../../src/records/column-helper.js'
import { columnSpecs } from '../../src/records/linkage-records.js'
import { RawRow } from '../../src/records/copy-out.js'

// The process's kept column-coding thread (kept-column-thread.ts) with real threads: reused after a clean read,
// a second one started when it is taken, a thread given back dirty or beyond the one slot ended.
const exited = (worker: Worker) => new Promise<number>((resolve) => worker.once('exit', resolve))

t.test('the warm thread is the one the next read takes, and it comes back for the read after', async (t) => {
  await warmColumnThread()
  const first = takeColumnThread()
  const busy = takeColumnThread()
  t.not(busy.threadId, first.threadId, 'a read that finds the kept thread taken starts its own')
  const busyEnded = exited(busy)
  await returnColumnThread(first, true)
  await returnColumnThread(busy, true)
  t.ok((await busyEnded) >= 0, 'the second thread is ended: one is kept')
  const again = takeColumnThread()
  t.equal(again.threadId, first.threadId, 'the kept thread again')
  const ended = exited(again)
  await returnColumnThread(again, false)
  await ended
  const fresh = takeColumnThread()
  t.not(fresh.threadId, again.threadId, 'a thread given back after a failed read is not kept')
  await returnColumnThread(fresh, true)
})

// Rows as the COPY reader gives them: one buffer, each field's byte range.
function rowsOf(values: string[][]): RawRow[] {
  return values.map((cells) => {
    const buffer = Buffer.from(cells.join('\t'))
    const starts = new Int32Array(cells.length), ends = new Int32Array(cells.length)
    let at = 0
    cells.forEach((cell, f) => { starts[f] = at; ends[f] = at + Buffer.byteLength(cell); at = ends[f] + 1 })
    return Object.assign(new RawRow(), { buffer, count: cells.length, starts, ends })
  })
}

t.test('reads one after the other on the kept thread code each read alone', async (t) => {
  const specs = columnSpecs(['surname', 'postcode'])
  const reads = [
    Array.from({ length: 300 }, (_, i) => [`SMITH${i % 7}`, `${2000 + (i % 11)}`]),
    Array.from({ length: 200 }, (_, i) => [`JONES${i % 5}`, `${3000 + (i % 3)}`]),
  ]
  let threadId = -1
  for (const [k, values] of reads.entries()) {
    const helper = new ColumnHelper(specs, 0, 10)
    for (const row of rowsOf(values)) helper.add(row)
    const [surname, postcode] = await helper.finish()
    t.ok(helper.threaded, `read ${k}: coded on a thread`)
    // The dictionary holds the empty value and this read's surnames in first appearance, nothing of the read before.
    t.same(surname!.values.filter((v) => v !== ''), [...new Set(values.map((v) => v[0]))], `read ${k}: its own dictionary`)
    t.same(values.map((_, i) => surname!.values[surname!.codes[i]!]), values.map((v) => v[0]), `read ${k}: surnames`)
    t.same(values.map((_, i) => postcode!.values[postcode!.codes[i]!]), values.map((v) => v[1]), `read ${k}: postcodes`)
    const kept = takeColumnThread()
    if (k > 0) t.equal(kept.threadId, threadId, 'the same kept thread served both reads')
    threadId = kept.threadId
    await returnColumnThread(kept, true)
  }
})
