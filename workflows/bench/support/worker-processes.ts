/**
 * Worker processes for benchmarks: each a real `workflows/src/worker.ts` process (its own event loop, so two
 * use two cores), started with the platform's worker configuration, watched for peak memory (VmHWM) and, when
 * started with LIGATURE_ACTIVITY_MEMORY_MS, for the peak each activity logs (activity-memory.ts); profiled with
 * BENCH_CPU_PROF.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { processMemoryMiB } from '@ligature/testkit'
import type { ActivityMemory } from '../../src/activity-memory.js'

const workerEntry = fileURLToPath(new URL('../../src/worker.ts', import.meta.url))

export interface WorkerProcesses {
  /** Peak resident memory of each worker so far, in MiB. */
  peakMiB(): number[]
  /** Process ids, for benchmarks that watch current memory themselves. */
  pids(): number[]
  /** Per worker (index) and activity type, the largest peak any of its runs logged, with every run's page faults added up. */
  activityPeaks(): (ActivityMemory & { worker: number; runs: number })[]
  stop(): Promise<void>
}

const peakOf = (pid: number | undefined) => {
  try {
    return pid === undefined ? NaN : processMemoryMiB(pid, 'VmHWM')
  } catch { return NaN }
}

/**
 * BENCH_CPU_PROF=<dir>: each worker writes a V8 CPU profile of every thread there when it stops (what the
 * activities spend their time on). Sampling slows the workers: compare profiled runs only with each other.
 */
const profileArgs = () => (process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])
/**
 * BENCH_WORKER_NODE_ARGS='--flag …': Node and V8 flags for the workers alone, for experiments with flags that
 * NODE_OPTIONS refuses (`--single-threaded-gc`, for one) or that the bench and services should not get.
 */
const experimentArgs = () => process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? []

export async function startWorkers(count: number, config: Record<string, string | number>): Promise<WorkerProcesses> {
  const env = { ...process.env, ...Object.fromEntries(Object.entries(config).map(([k, v]) => [k, String(v)])), LOG_LEVEL: 'info' }
  const children: ChildProcess[] = []
  const peaks: number[] = []
  const byActivity = new Map<string, ActivityMemory & { worker: number; runs: number }>()
  const noteActivity = (worker: number, line: string) => {
    if (!line.includes('"activity memory"')) return
    const m = JSON.parse(line) as ActivityMemory
    const key = `${worker}:${m.activity}`
    const seen = byActivity.get(key)
    const runs = (seen?.runs ?? 0) + 1
    // The peak run's figures, with the faults of every run added up.
    const minorFaults = (seen?.minorFaults ?? 0) + m.minorFaults
    if (!seen || m.peakRssMiB > seen.peakRssMiB) byActivity.set(key, { ...m, worker, runs, minorFaults })
    else Object.assign(seen, { runs, minorFaults })
  }
  const started = Array.from({ length: count }, (_, worker) => new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...profileArgs(), ...experimentArgs(), '--import', 'tsx', workerEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    // The SDK logs at info to stderr; keep only its warnings and errors (and the last lines, for a worker that dies at boot).
    let stderrTail = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString()).slice(-4096)
      for (const line of chunk.toString().split('\n')) if (/\[(WARN|ERROR)\]/.test(line) && !/No workflows registered/.test(line)) console.error(line)
    })
    let partial = ''
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n')
      partial = lines.pop()!.slice(-(1 << 16))
      for (const line of lines) {
        if (line.includes('worker started')) resolve()
        noteActivity(worker, line)
      }
    })
    child.once('exit', (code) => reject(new Error(`a worker exited with ${code} before it started:\n${stderrTail}`)))
  }))
  await Promise.all(started)
  const watch = setInterval(() => children.forEach((c, i) => { peaks[i] = Math.max(peaks[i] ?? 0, peakOf(c.pid) || 0) }), 500)
  return {
    peakMiB: () => children.map((c, i) => Math.max(peaks[i] ?? 0, peakOf(c.pid) || 0)),
    pids: () => children.map((c) => c.pid!),
    activityPeaks: () => [...byActivity.values()].sort((a, b) => a.worker - b.worker || b.peakRssMiB - a.peakRssMiB),
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
