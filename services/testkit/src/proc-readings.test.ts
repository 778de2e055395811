import { readFileSync } from 'node:fs'
import t from 'tap'
import { commandCpuSeconds, cpuSecondsOfStat, machineBusySeconds, processCpuSeconds, processMemoryMiB, threadCpuSeconds } from './proc-readings.js'

t.test('a stat line\'s utime and stime are read after the command, even one holding spaces and parentheses', async (t) => {
  const rest = 'S 1 1234 1234 0 -1 4194560 9000 0 0 0 250 130 0 0 20 0 12 0 5000 1000000 2000 18446744073709551615'
  t.equal(cpuSecondsOfStat(`1234 (node) ${rest}`), 3.8)
  t.equal(cpuSecondsOfStat(`1234 (a (b) c) ${rest}`), 3.8)
})

t.test('this process\'s CPU time, as /proc counts it, is what the kernel reports to the process itself', { skip: process.platform !== 'linux' && 'reads /proc' }, async (t) => {
  const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1e6 }
  const before = { own: cpu(), process: processCpuSeconds(process.pid), main: threadCpuSeconds(process.pid), machine: machineBusySeconds() }
  // Spins until 0.3 s of CPU are used, however busy the machine is.
  while (cpu() - before.own < 0.3) { /* spin */ }
  const own = cpu() - before.own
  const grew = { process: processCpuSeconds(process.pid) - before.process, main: threadCpuSeconds(process.pid) - before.main, machine: machineBusySeconds() - before.machine }
  // /proc counts in clock ticks of 10 ms; other threads of this process may run meanwhile.
  t.ok(grew.process >= own - 0.03 && grew.process <= own + 0.2, `process ${grew.process} s against ${own.toFixed(3)} s`)
  t.ok(grew.main >= 0.2 && grew.main <= grew.process + 0.03, `main thread ${grew.main} s`)
  t.ok(grew.machine >= grew.main - 0.03, `the machine ${grew.machine.toFixed(2)} s`)
})

t.test('resident memory now is at most its peak, and grows with a buffer the process touches', { skip: process.platform !== 'linux' && 'reads /proc' }, async (t) => {
  const before = processMemoryMiB(process.pid, 'VmRSS')
  const held = Buffer.alloc(64 * 1024 * 1024, 1)
  const after = processMemoryMiB(process.pid, 'VmRSS')
  t.ok(after - before >= 48, `64 MiB touched: ${before.toFixed(0)} → ${after.toFixed(0)} MiB`)
  t.ok(processMemoryMiB(process.pid, 'VmHWM') >= after, 'the peak holds the present')
  t.equal(held[held.length - 1], 1)
})

t.test('a command\'s processes are found by name, each with its own CPU time', { skip: process.platform !== 'linux' && 'reads /proc' }, async (t) => {
  const command = readFileSync(`/proc/${process.pid}/stat`, 'utf8').replace(/^\d+ \((.*)\) .*$/s, '$1')
  const found = commandCpuSeconds(command)
  t.ok(found.has(process.pid), `this process is among the ${found.size} named ${command}`)
  t.ok(Math.abs(found.get(process.pid)! - processCpuSeconds(process.pid)) < 0.05, 'with its CPU time')
  t.equal(commandCpuSeconds('no-such-command-anywhere').size, 0)
})
