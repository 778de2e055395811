import t from 'tap'
import { busyCpu, type CpuSample } from './busy-cpu.js'

const at = (s: number, mains: number[], processes: number[], postgres: number | Map<number, number>, self: number, machine: number): CpuSample =>
  ({ at: s, workers: mains.map((main, i) => ({ main, process: processes[i]! })), postgres: typeof postgres === 'number' ? new Map([[1, postgres]]) : postgres, self, machine })

t.test('only intervals in which every main thread used over half a core count, split by who used them', async (t) => {
  const samples = [
    at(0, [0, 0], [0, 0], 0, 0, 0),
    // Both busy: 0.5 s each, mains 0.4 and 0.45, other threads 0.05 and 0.1, Postgres 0.05, self 0.1, machine 1.0.
    at(0.5, [0.4, 0.45], [0.45, 0.55], 0.05, 0.1, 1.0),
    // One idle (0.1 s of 0.5): not counted.
    at(1.0, [0.5, 0.9], [0.6, 1.0], 0.2, 0.2, 1.8),
    // Both busy again: mains 0.3 and 0.3 in 0.5 s, other threads 0.1 and 0, Postgres 0, self 0.1, machine 0.95.
    at(1.5, [0.8, 1.2], [1.0, 1.3], 0.2, 0.3, 2.75),
  ]
  const r = busyCpu(samples, 2)
  t.equal(r.seconds, 1.0)
  t.equal(r.capacity, 2.0)
  t.same(r.mainThreads.map((x) => +x.toFixed(3)), [0.7, 0.75])
  t.same(r.otherThreads.map((x) => +x.toFixed(3)), [0.15, 0.1])
  t.equal(+r.postgres.toFixed(3), 0.05)
  t.equal(+r.self.toFixed(3), 0.2)
  t.equal(+r.rest.toFixed(3), 0.0, 'machine time not in the workers, Postgres or this process')
})

t.test('no samples, or no busy interval, report nothing used', async (t) => {
  t.same(busyCpu([], 2), { seconds: 0, capacity: 0, mainThreads: [], otherThreads: [], postgres: 0, self: 0, rest: 0 })
  const idle = busyCpu([at(0, [0], [0], 0, 0, 0), at(1, [0.2], [0.3], 0.1, 0.1, 0.6)], 2)
  t.equal(idle.seconds, 0)
  t.same(idle.mainThreads, [0])
})

t.test('a Postgres backend that exits between samples is not subtracted, and one that starts counts whole', async (t) => {
  const busy = (s: number, postgres: Map<number, number>, machine: number) => at(s, [s * 0.9, s * 0.9], [s, s], postgres, 0, machine)
  const r = busyCpu([
    busy(0, new Map([[10, 5.0], [11, 2.0]]), 0),
    // Backend 11 (2 s of CPU in its life) exits; 10 uses 0.1 s; 12 starts and uses 0.05 s.
    busy(1, new Map([[10, 5.1], [12, 0.05]]), 2.0),
  ], 2)
  t.equal(+r.postgres.toFixed(3), 0.15)
})
