import type { Worker } from 'node:worker_threads'
import { spawnThread } from '../../threads/spawn-thread.js'
import { EnvelopeRejected, type RejectionCode } from '../envelope/rejection.js'
import type { RangeOutput, RangeTask } from './parse-range.js'

/** A parse thread's answer to one task (range-worker.ts). */
export type RangeReply =
  | { ready: true }
  | { output: RangeOutput }
  | { rejected: { code: RejectionCode; message: string; details: string[] } }
  | { failed: string }

interface Job { task: RangeTask; resolve: (o: RangeOutput) => void; reject: (e: Error) => void }

/**
 * A fixed set of parse threads: `run` hands a range to the next idle thread (queueing when all are busy); `close`
 * ends them. A thread that dies fails its range and every later one, so a load never waits for an answer that
 * cannot come. Kept between loads (kept-range-pool.ts); an idle thread does not keep the process alive.
 */
export class RangePool {
  private readonly idle: Worker[] = []
  private readonly queue: Job[] = []
  private readonly busy = new Map<Worker, Job>()
  private broken: Error | null = null
  private closed = false
  private readonly loaded: Promise<void>[] = []

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.idle.push(this.startWorker())
  }

  /** Resolves once every thread has loaded its code (about 0.55 s under tsx), or one has died. */
  async ready(): Promise<void> {
    await Promise.all(this.loaded)
  }

  run(task: RangeTask): Promise<RangeOutput> {
    return new Promise((resolve, reject) => {
      if (this.broken) return reject(this.broken)
      if (this.closed) return reject(new Error('The parse threads were closed'))
      this.queue.push({ task, resolve, reject })
      this.dispatch()
    })
  }

  /** False once a thread has died or the pool was closed: every later run fails, so a kept pool is replaced (kept-range-pool.ts). */
  get usable(): boolean {
    return this.broken === null && !this.closed
  }

  /** Ends the threads; a range still queued or running fails rather than waiting for an answer that cannot come. */
  async close(): Promise<void> {
    this.closed = true
    const ended = new Error('The parse threads were closed')
    for (const job of [...this.queue.splice(0), ...this.busy.values()]) job.reject(ended)
    const all = [...this.idle, ...this.busy.keys()]
    this.idle.length = 0
    this.busy.clear()
    await Promise.all(all.map((w) => w.terminate()))
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!
      const job = this.queue.shift()!
      this.busy.set(worker, job)
      // Held while busy, so a process awaiting a range stays alive; idle threads never keep it from exiting.
      worker.ref()
      worker.postMessage(job.task)
    }
  }

  private startWorker(): Worker {
    const worker = spawnThread(import.meta.url, 'range-worker')
    let loaded = () => {}
    this.loaded.push(new Promise<void>((resolve) => { loaded = resolve }))
    worker.on('message', (reply: RangeReply) => {
      if ('ready' in reply) return loaded()
      const job = this.busy.get(worker)
      if (!job) return
      this.busy.delete(worker)
      this.idle.push(worker)
      worker.unref()
      if ('output' in reply) job.resolve(reply.output)
      else if ('rejected' in reply) job.reject(new EnvelopeRejected(reply.rejected.code, reply.rejected.message, reply.rejected.details))
      else job.reject(new Error(`A parse thread failed: ${reply.failed}`))
      this.dispatch()
    })
    const die = (e: Error) => {
      loaded()
      if (this.closed) return
      this.broken ??= e
      this.busy.get(worker)?.reject(e)
      this.busy.delete(worker)
      for (const job of this.queue.splice(0)) job.reject(e)
    }
    worker.on('error', die)
    worker.on('exit', (code) => die(new Error(`A parse thread exited with code ${code}`)))
    worker.unref()
    return worker
  }
}
