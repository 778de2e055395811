/**
 * Where the machine's CPU goes while every worker's main thread is busy: the question of what a second worker
 * loses on a machine it shares (issue 18; docs: "Why a second worker gains only…"). Every 500 ms it reads from
 * /proc each worker's main thread and the rest of its threads (V8's platform threads, the parse and coding
 * threads, the Temporal SDK's), Postgres's processes, this process (the services and the bench) and the machine's
 * total, and adds up the intervals in which every worker's main thread used over half a core. Linux only: where
 * /proc cannot be read it reports nothing.
 */
import { commandCpuSeconds, machineBusySeconds, processCpuSeconds, threadCpuSeconds } from '@ligature/testkit'

/** A main thread counts as busy in an interval where it used more than this share of a core. */
const BUSY_SHARE = 0.5

export interface CpuSample {
  at: number
  /** Per worker: CPU seconds of its main thread and of the whole process so far. */
  workers: { main: number; process: number }[]
  /** Per Postgres process id, its CPU seconds so far. */
  postgres: ReadonlyMap<number, number>
  self: number
  machine: number
}

export interface BusyCpuReport {
  /** Seconds in which every worker's main thread was busy, and the machine's core-seconds in them. */
  seconds: number
  capacity: number
  /** Core-seconds in those intervals: per worker its main thread, and its other threads. */
  mainThreads: number[]
  otherThreads: number[]
  postgres: number
  self: number
  /** Everything else on the machine (Temporal, NATS, the kernel, other processes). */
  rest: number
}

/**
 * Postgres's CPU between two samples: each backend's growth, a backend started since counted whole. One that exited
 * in between takes its last interval with it (nothing reads it), rather than subtracting its whole life.
 */
function postgresBetween(a: ReadonlyMap<number, number>, b: ReadonlyMap<number, number>): number {
  let total = 0
  for (const [pid, seconds] of b) total += seconds - (a.get(pid) ?? 0)
  return total
}

/** Adds up the intervals between consecutive samples in which every worker's main thread was busy. Pure. */
export function busyCpu(samples: readonly CpuSample[], cores: number): BusyCpuReport {
  const workers = samples[0]?.workers.length ?? 0
  const report: BusyCpuReport = { seconds: 0, capacity: 0, mainThreads: new Array<number>(workers).fill(0),
    otherThreads: new Array<number>(workers).fill(0), postgres: 0, self: 0, rest: 0 }
  for (let k = 1; k < samples.length; k++) {
    const a = samples[k - 1]!, b = samples[k]!
    const seconds = b.at - a.at
    if (seconds <= 0 || workers === 0) continue
    const main = b.workers.map((w, i) => w.main - a.workers[i]!.main)
    if (!main.every((m) => m / seconds > BUSY_SHARE)) continue
    const other = b.workers.map((w, i) => w.process - a.workers[i]!.process - main[i]!)
    const postgres = postgresBetween(a.postgres, b.postgres), self = b.self - a.self, machine = b.machine - a.machine
    report.seconds += seconds
    report.capacity += seconds * cores
    main.forEach((m, i) => { report.mainThreads[i]! += m })
    other.forEach((o, i) => { report.otherThreads[i]! += o })
    report.postgres += postgres
    report.self += self
    report.rest += machine - main.reduce((s, m) => s + m, 0) - other.reduce((s, o) => s + o, 0) - postgres - self
  }
  return report
}

function sample(pids: readonly number[]): CpuSample {
  const { user, system } = process.cpuUsage()
  return {
    at: performance.now() / 1000,
    workers: pids.map((pid) => ({ main: threadCpuSeconds(pid), process: processCpuSeconds(pid) })),
    postgres: commandCpuSeconds('postgres'),
    self: (user + system) / 1e6,
    machine: machineBusySeconds(),
  }
}

/** Samples until stopped; `stop` gives the report, or null where /proc could not be read. */
export function watchBusyCpu(pids: readonly number[], cores: number, everyMs = 500): { stop(): BusyCpuReport | null } {
  const samples: CpuSample[] = []
  let failed = false
  const take = () => { try { samples.push(sample(pids)) } catch { failed = true } }
  take()
  // Unreferenced: a bench that fails before stopping it still exits.
  const timer = setInterval(take, everyMs).unref()
  return {
    stop() {
      clearInterval(timer)
      take()
      return failed || samples.length < 2 ? null : busyCpu(samples, cores)
    },
  }
}
