import t from 'tap'
import pino from 'pino'
import { Writable } from 'node:stream'
import type { Context } from '@temporalio/activity'
import { activityMemoryInterceptor, PeakTracker, type ActivityMemory } from './activity-memory.js'

const GiB = 1024 ** 3
const sample = (rssGiB: number, heapGiB = 0, buffersGiB = 0, minorFaults = 0) => ({ rss: rssGiB * GiB, heapUsed: heapGiB * GiB, arrayBuffers: buffersGiB * GiB, minorFaults })

t.test('a tracker keeps the largest sample, with the heap and typed arrays of that sample', async (t) => {
  const tracker = new PeakTracker('groupLinkage', sample(1, 0.5, 0.1), false)
  tracker.offer(sample(3, 1, 1.5))
  tracker.offer(sample(2, 1.8, 0))
  const r = tracker.result()
  t.equal(r.activity, 'groupLinkage')
  t.equal(r.startRssMiB, 1024)
  t.equal(r.peakRssMiB, 3072)
  t.equal(r.heapUsedMiB, 1024, 'the heap at the largest resident sample, not the largest heap')
  t.equal(r.arrayBuffersMiB, 1536)
  t.equal(r.exact, false)
})

t.test('a tracker counts the page faults from its first sample to its last, not to its peak', async (t) => {
  const tracker = new PeakTracker('loadDataFile', sample(1, 0, 0, 1_000), false)
  tracker.offer(sample(3, 0, 0, 5_000))
  tracker.offer(sample(2, 0, 0, 9_500))
  t.equal(tracker.result().minorFaults, 8_500)
})

t.test('the high-water mark counts only while the activity ran alone', async (t) => {
  const alone = new PeakTracker('a', sample(1), true)
  alone.offerHighWater(5 * GiB)
  t.equal(alone.result().peakRssMiB, 5120, 'a peak the samples missed')
  t.equal(alone.result().exact, true)
  const shared = new PeakTracker('b', sample(1), true)
  shared.shared()
  shared.offerHighWater(5 * GiB)
  t.equal(shared.result().peakRssMiB, 1024, 'another activity\'s peak is not this one\'s')
  t.equal(shared.result().exact, false)
})

t.test('the interceptor logs each activity\'s peak once it ends, and marks overlapping ones inexact', async (t) => {
  const lines: ActivityMemory[] = []
  const log = pino({ level: 'info' }, new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString()) as ActivityMemory); done() } }))
  // Samples far above this process's real size, so the kernel's mark cannot be the larger.
  let rss = 64
  const factory = activityMemoryInterceptor(5, log, () => sample(rss))
  const ctx = (activityType: string) => ({ info: { activityType } }) as unknown as Context
  const first = factory(ctx('matchLinkagePartition')).inbound!
  const second = factory(ctx('heartbeatLock')).inbound!
  const input = { args: [], headers: {} }
  const running = first.execute!(input, async () => {
    rss = 96
    await new Promise((r) => setTimeout(r, 30))
    const inner = second.execute!(input, async () => 'lock')
    t.equal(await inner, 'lock', 'the activity\'s result passes through')
    rss = 80
    await new Promise((r) => setTimeout(r, 20))
    return 'matched'
  })
  t.equal(await running, 'matched')
  await new Promise((r) => setTimeout(r, 10))
  t.same(lines.map((l) => l.activity), ['heartbeatLock', 'matchLinkagePartition'])
  const match = lines.find((l) => l.activity === 'matchLinkagePartition')!
  t.equal(match.startRssMiB, 64 * 1024)
  t.equal(match.peakRssMiB, 96 * 1024, 'the largest sample while it ran')
  t.equal(match.exact, false, 'another activity ran beside it')
  t.equal(lines.find((l) => l.activity === 'heartbeatLock')!.exact, false)
})

t.test('a failing activity still logs its peak and rethrows', async (t) => {
  const lines: ActivityMemory[] = []
  const log = pino({ level: 'info' }, new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString()) as ActivityMemory); done() } }))
  const inbound = activityMemoryInterceptor(5, log, () => sample(64))(({ info: { activityType: 'groupLinkage' } }) as unknown as Context).inbound!
  await t.rejects(inbound.execute!({ args: [], headers: {} }, async () => { throw new Error('refused') }), /refused/)
  t.equal(lines.length, 1)
  t.equal(lines[0]!.activity, 'groupLinkage')
  t.equal(lines[0]!.exact, true, 'alone in the process, the kernel\'s mark was read')
})

t.test('with the process\'s own figures, an activity that fills fresh memory logs the page faults it took', async (t) => {
  const lines: ActivityMemory[] = []
  const log = pino({ level: 'info' }, new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString()) as ActivityMemory); done() } }))
  const inbound = activityMemoryInterceptor(5, log)(({ info: { activityType: 'loadDataFile' } }) as unknown as Context).inbound!
  const bytes = 32 * 1024 ** 2
  await inbound.execute!({ args: [], headers: {} }, async () => new Uint8Array(bytes).fill(1).length)
  // Fresh pages are mapped on first touch, each page (4 KiB, or 2 MiB where huge pages serve) at least once.
  t.ok(lines[0]!.minorFaults >= 16, `${lines[0]!.minorFaults} faults for 32 MiB filled`)
})
