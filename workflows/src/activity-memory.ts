/**
 * Peak memory per activity (issue 18: which step of a ten-million-record linkage passes 4 GiB). While any
 * activity runs, the process's memory is sampled every `intervalMs`; each activity keeps the largest resident
 * size seen while it ran, with the V8 heap and the typed-array memory at that sample, and logs them once it
 * ends. Samples miss a peak inside a synchronous stretch of work, so an activity that ran alone in its process
 * also reads the kernel's high-water mark (VmHWM), reset when it started; with two at once the mark belongs to
 * neither, and only the samples count (`exact` false). Off unless LIGATURE_ACTIVITY_MEMORY_MS is set; the log
 * lines carry sizes and activity names, never data.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import type { Logger } from 'pino'
import type { ActivityInterceptorsFactory } from '@temporalio/worker'

/** `minorFaults` counts the process's page faults so far (each one costs the kernel a page-table update). */
export interface MemorySample { rss: number; heapUsed: number; arrayBuffers: number; minorFaults: number }

export interface ActivityMemory {
  activity: string
  seconds: number
  startRssMiB: number
  peakRssMiB: number
  /** V8 heap and ArrayBuffer (typed array) memory at the peak sample. */
  heapUsedMiB: number
  arrayBuffersMiB: number
  /** The activity ran alone in its process and the peak includes the kernel's high-water mark. */
  exact: boolean
  /** The process's minor page faults while the activity ran (with another activity beside it, theirs too). */
  minorFaults: number
}

const MiB = (bytes: number) => Math.round(bytes / 1024 ** 2)

/** A running activity's peak: the sample with the largest resident size. */
export class PeakTracker {
  private peak: MemorySample
  private last: MemorySample
  private readonly start: MemorySample
  private readonly started = performance.now()
  private highWater = 0

  constructor(readonly activity: string, sample: MemorySample, private exact: boolean) { this.start = sample; this.peak = sample; this.last = sample }

  offer(sample: MemorySample): void {
    if (sample.rss > this.peak.rss) this.peak = sample
    this.last = sample
  }

  /** Another activity started in the process: the high-water mark is no longer this one's alone. */
  shared(): void { this.exact = false }

  /** The kernel's high-water mark when the activity ends, counted only while it ran alone. */
  offerHighWater(bytes: number): void { if (this.exact) this.highWater = bytes }

  result(): ActivityMemory {
    return {
      activity: this.activity, seconds: Math.round(performance.now() - this.started) / 1000,
      startRssMiB: MiB(this.start.rss), peakRssMiB: MiB(Math.max(this.peak.rss, this.highWater)),
      heapUsedMiB: MiB(this.peak.heapUsed), arrayBuffersMiB: MiB(this.peak.arrayBuffers), exact: this.exact && this.highWater > 0,
      minorFaults: this.last.minorFaults - this.start.minorFaults,
    }
  }
}

const sampleNow = (): MemorySample => {
  const m = process.memoryUsage()
  return { rss: m.rss, heapUsed: m.heapUsed, arrayBuffers: m.arrayBuffers, minorFaults: process.resourceUsage().minorPageFault }
}

/** Resets the process's VmHWM to its current size (Linux ≥ 4.0); false where that is not allowed. */
function resetHighWater(): boolean {
  try { writeFileSync('/proc/self/clear_refs', '5'); return true } catch { return false }
}

function highWaterBytes(): number {
  try { return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024 } catch { return 0 }
}

/** The interceptor factory for Worker.create; one sampling timer per process, running only while activities do. */
export function activityMemoryInterceptor(intervalMs: number, log: Logger, sample: () => MemorySample = sampleNow): ActivityInterceptorsFactory {
  const running = new Set<PeakTracker>()
  let timer: NodeJS.Timeout | null = null
  const tick = () => { const s = sample(); for (const t of running) t.offer(s) }
  return (ctx) => ({
    inbound: {
      async execute(input, next) {
        for (const other of running) other.shared()
        const tracker = new PeakTracker(ctx.info.activityType, sample(), running.size === 0 && resetHighWater())
        running.add(tracker)
        timer ??= setInterval(tick, intervalMs)
        try {
          return await next(input)
        } finally {
          tracker.offer(sample())
          tracker.offerHighWater(highWaterBytes())
          running.delete(tracker)
          if (running.size === 0 && timer) { clearInterval(timer); timer = null }
          log.info(tracker.result(), 'activity memory')
        }
      },
    },
  })
}
