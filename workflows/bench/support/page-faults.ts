import { readFileSync } from 'node:fs'

/**
 * Page faults taken on the whole machine so far (/proc/vmstat pgfault), Postgres's backends included; NaN off
 * Linux. On the sandboxed VMs these benches run on, each minor fault costs 10–40 µs, so a step that maps fresh
 * memory can spend more time faulting than working.
 */
export function systemPageFaults(): number {
  try { return Number(/^pgfault (\d+)$/m.exec(readFileSync('/proc/vmstat', 'utf8'))?.[1] ?? NaN) } catch { return NaN }
}
