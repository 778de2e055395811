/**
 * The process's column-coding thread (column-thread.ts), kept between reads. Starting it took about 0.55 s
 * under tsx, which made a second thread cost a touched read more than it saved; a worker now starts it at boot
 * (warmColumnThread) and reads take it in turn. One is kept: a read that finds it taken starts one of its own,
 * which is ended after that read unless the kept slot is free by then. An idle thread does not keep the process alive.
 */
import type { Worker } from 'node:worker_threads'
import { spawnThread } from '../threads/spawn-thread.js'

let idle: Worker | null = null
let warming: Promise<void> | null = null

function spawn(): Worker {
  const worker = spawnThread(import.meta.url, 'column-thread')
  // A thread that dies while idle is dropped from the slot; one in use is watched by its reader.
  const drop = () => { if (idle === worker) idle = null }
  worker.on('error', drop)
  worker.on('exit', drop)
  return worker
}

function keep(worker: Worker): void {
  worker.unref()
  idle = worker
}

/** The kept thread if it is free (taken out of the slot), otherwise a new one. */
export function takeColumnThread(): Worker {
  const worker = idle ?? spawn()
  idle = null
  worker.ref()
  return worker
}

/** Gives a thread back after a read: kept if it finished cleanly and the slot is free, ended otherwise. */
export function returnColumnThread(worker: Worker, clean: boolean): Promise<void> {
  if (clean && idle === null) {
    keep(worker)
    return Promise.resolve()
  }
  return worker.terminate().then(() => undefined)
}

/** Starts the kept thread now, so the first large read does not wait for it; resolves once its code is loaded. */
export function warmColumnThread(): Promise<void> {
  if (idle) return warming ?? Promise.resolve()
  const worker = spawn()
  keep(worker)
  warming = new Promise<void>((resolve) => {
    const loaded = (reply: unknown) => {
      if (typeof reply === 'object' && reply !== null && 'ready' in reply) done()
    }
    const done = () => { worker.off('message', loaded); worker.off('exit', done); resolve() }
    worker.on('message', loaded)
    worker.once('exit', done)
  })
  return warming
}
