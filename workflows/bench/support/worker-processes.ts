/**
 * Worker processes for benchmarks: each a real `workflows/src/worker.ts` process (its own event loop, so two
 * use two cores), started with the platform's worker configuration, watched for peak memory (VmHWM).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const workerEntry = fileURLToPath(new URL('../../src/worker.ts', import.meta.url))

export interface WorkerProcesses {
  /** Peak resident memory of each worker so far, in MiB. */
  peakMiB(): number[]
  /** Process ids, for benchmarks that watch current memory themselves. */
  pids(): number[]
  stop(): Promise<void>
}

const peakOf = (pid: number | undefined) => {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return hwm ? Number(hwm[1]) / 1024 : NaN
  } catch { return NaN }
}

export async function startWorkers(count: number, config: Record<string, string | number>): Promise<WorkerProcesses> {
  const env = { ...process.env, ...Object.fromEntries(Object.entries(config).map(([k, v]) => [k, String(v)])), LOG_LEVEL: 'info' }
  const children: ChildProcess[] = []
  const peaks: number[] = []
  const started = Array.from({ length: count }, () => new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', workerEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    // The SDK logs at info to stderr; keep only its warnings and errors.
    child.stderr.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (/\[(WARN|ERROR)\]/.test(line) && !/No workflows registered/.test(line)) console.error(line)
    })
    let seen = ''
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      if (seen.includes('worker started')) { seen = ''; resolve() }
      if (seen.length > 1 << 16) seen = seen.slice(-1024)
    })
    child.once('exit', (code) => reject(new Error(`a worker exited with ${code} before it started`)))
  }))
  await Promise.all(started)
  const watch = setInterval(() => children.forEach((c, i) => { peaks[i] = Math.max(peaks[i] ?? 0, peakOf(c.pid) || 0) }), 500)
  return {
    peakMiB: () => children.map((c, i) => Math.max(peaks[i] ?? 0, peakOf(c.pid) || 0)),
    pids: () => children.map((c) => c.pid!),
    async stop() {
      clearInterval(watch)
      children.forEach((c, i) => { peaks[i] = Math.max(peaks[i] ?? 0, peakOf(c.pid) || 0) })
      await Promise.all(children.map((c) => new Promise<void>((resolve) => {
        if (c.exitCode !== null) return resolve()
        c.once('exit', () => resolve())
        c.kill('SIGTERM')
      })))
    },
  }
}
