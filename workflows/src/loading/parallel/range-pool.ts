import type { Worker } from 'node:worker_threads'
import { spawnThread } from '../../threads/spawn-thread.js'
import { EnvelopeRejected, type RejectionCode } from '../envelope/rejection.js'
import type { RangeOutput, RangeTask } from './parse-range.js'

/** A parse thread's answer to one task (range-worker.ts). */
export type RangeReply =
  | { output: RangeOutput }
  | { rejected: { code: RejectionCode; message: string; details: string[] } }
  | { failed: string }

interface Job { task: RangeTask; resolve: (o: RangeOutput) => void; reject: (e: Error) => void }

/**
 * A fixed set of parse threads for one file load: `run` hands a range to the next idle thread (queueing when all
 * are busy); `close` ends them. A thread that dies fails its range and every later one, so a load never waits
 * for an answer that cannot come.
 */
export class RangePool {
  private readonly idle: Worker[] = []
  private readonly queue: Job[] = []
  private readonly busy = new Map<Worker, Job>()
  private broken: Error | null = null
  private closed = false

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.idle.push(this.startWorker())
  }

  run(task: RangeTask): Promise<RangeOutput> {
    return new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken)
      this.queue.push({ task, resolve, reject })
      this.dispatch()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    const all = [...this.idle, ...this.busy.keys()]
    this.idle.length = 0
    await Promise.all(all.map((w) => w.terminate()))
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!
      const job = this.queue.shift()!
      this.busy.set(worker, job)
      worker.postMessage(job.task)
    }
  }

  private startWorker(): Worker {
    const worker = spawnThread(import.meta.url, 'range-worker')
    worker.on('message', (reply: RangeReply) => {
      const job = this.busy.get(worker)
      if (!job) return
      this.busy.delete(worker)
      this.idle.push(worker)
      if ('output' in reply) job.resolve(reply.output)
      else if ('rejected' in reply) job.reject(new EnvelopeRejected(reply.rejected.code, reply.rejected.message, reply.rejected.details))
      else job.reject(new Error(`A parse thread failed: ${reply.failed}`))
      this.dispatch()
    })
    const die = (e: Error) => {
      if (this.closed) return
      this.broken ??= e
      this.busy.get(worker)?.reject(e)
      this.busy.delete(worker)
      for (const job of this.queue.splice(0)) job.reject(e)
    }
    worker.on('error', die)
    worker.on('exit', (code) => die(new Error(`A parse thread exited with code ${code}`)))
    return worker
  }
}
