/**
 * Entry of a parse thread (range-pool.ts): parses one range per message and answers with its output, or with
 * the error as plain data (an EnvelopeRejected keeps its code, so the load still fails as a rejected file).
 */
import { parentPort } from 'node:worker_threads'
import { isEnvelopeRejected } from '../envelope/rejection.js'
import { parseRange, type RangeTask } from './parse-range.js'
import type { RangeReply } from './range-pool.js'

const port = parentPort
if (!port) throw new Error('range-worker.ts runs as a worker thread')
port.on('message', (task: RangeTask) => {
  parseRange(task).then(
    (output) => port.postMessage({ output } satisfies RangeReply, output.batches.map((b) => b.buffer as ArrayBuffer)),
    (e: unknown) => {
      const failure = isEnvelopeRejected(e)
        ? { rejected: { code: e.code, message: e.message, details: [...e.details] } }
        : { failed: e instanceof Error ? (e.stack ?? e.message) : String(e) }
      port.postMessage(failure satisfies RangeReply)
    },
  )
})
// Loaded: the pool may count this thread as ready (RangePool.ready).
port.postMessage({ ready: true } satisfies RangeReply)
