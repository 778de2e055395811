/**
 * CPU time and memory read from Linux's /proc, for the benchmarks that print where a machine's CPU and memory go
 * (bench:gateway, bench:linkage, bench:upload…). Throws where /proc cannot be read; callers decide whether that
 * ends the figure or the bench.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Kernel clock ticks per second (`getconf CLK_TCK`), 100 on every Linux these benches run on. */
const TICKS_PER_SECOND = 100

/** utime + stime of a /proc stat line, in seconds (its fields counted after the command, which may hold spaces). */
export function cpuSecondsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/** CPU seconds (user + system) a process has used so far, all its threads. */
export const processCpuSeconds = (pid: number): number => cpuSecondsOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))

/** CPU seconds one thread of a process has used so far; a process's main thread has the process's id. */
export const threadCpuSeconds = (pid: number, tid = pid): number => cpuSecondsOfStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'))

/**
 * CPU seconds each process of this command name (`postgres`, say) has used so far, by process id. By process,
 * because a process that exits takes its time with it: a sum over whoever is alive can fall between two readings.
 */
export function commandCpuSeconds(command: string): Map<number, number> {
  const byPid = new Map<number, number>()
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === command) byPid.set(Number(pid), cpuSecondsOfStat(stat))
    } catch { /* gone between the listing and the read */ }
  }
  return byPid
}

/**
 * The machine's busy time so far, in core-seconds: /proc/stat's user, nice, system, irq, softirq and steal.
 * Idle and iowait are not busy; guest time is already inside user.
 */
export function machineBusySeconds(): number {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
  return (ticks[0]! + ticks[1]! + ticks[2]! + ticks[5]! + ticks[6]! + ticks[7]!) / TICKS_PER_SECOND
}

/** A process's resident memory now (VmRSS) or at its peak so far (VmHWM), in MiB; NaN when /proc does not say. */
export function processMemoryMiB(pid: number, which: 'VmRSS' | 'VmHWM'): number {
  const kib = new RegExp(`^${which}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return kib === undefined ? NaN : Number(kib) / 1024
}
