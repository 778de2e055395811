/**
 * bench:linkage --records N [--workers 1,2] [--partitions P] — N synthetic people with realistic duplicates
 * and typos (seeded), end to end through the platform: envelope upload → validation → COPY load → block,
 * compare, score (split by block partition across worker processes) → group from the pairs on disk → stored
 * keys. For each worker count it prints each stage's seconds, candidate pairs, each block partition's pairs
 * and scoring seconds (from the Link job's stats), pairs/s per core, who used the machine's CPU while every worker's
 * main thread was busy (support/busy-cpu.ts) and the peak memory of every process; with
 * several worker counts, the speed-up of the link step. The stored keys are scored against the generator's ground
 * truth (support/key-quality.ts), so a faster run that links worse shows it.
 * Run: npm run bench:linkage -- --records 1000000 --workers 1,2   (Postgres, NATS and Temporal running)
 * --load-threads 1,0: the whole run once per parse-thread count of the load (LIGATURE_LOAD_THREADS; 0 = one per
 * core), to compare the single-thread load with the parallel one on the same data.
 * Peak memory is printed per activity too (LIGATURE_ACTIVITY_MEMORY_MS), to find the step that needs it.
 * BENCH_CPU_PROF=<dir>: a V8 CPU profile of every worker thread, written there when the workers stop.
 * The envelope workflow's timeline closes each run (support/envelope-timeline.ts), so the time between the link job and Complete shows.
 * --incremental [--sizes 100000,1000000] [--incoming 10000] [--record-cache on,off]: one envelope linked into
 * projects of each size (support/incremental.ts); with each record-cache setting of the workers in turn.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { writeSyntheticDataset, SYNTHETIC_IMPORT_FORMAT } from '../src/loading/index.js'
import { startWorkers } from './support/worker-processes.js'
import { watchBusyCpu, type BusyCpuReport } from './support/busy-cpu.js'
import { stepsAfterComplete } from './support/index-after-complete.js'
import { runIncremental } from './support/incremental.js'
import { systemPageFaults } from './support/page-faults.js'
import { keyQuality, qualityLine } from './support/key-quality.js'
import { envelopeTimeline } from './support/envelope-timeline.js'

const { values } = parseArgs({ options: {
  records: { type: 'string', default: '100000' }, seed: { type: 'string', default: '42' },
  workers: { type: 'string', default: '2' }, partitions: { type: 'string', default: '2' },
  group: { type: 'string', default: 'WeightedBestLinkOnDisk' },
  incremental: { type: 'boolean', default: false }, sizes: { type: 'string', default: '100000,1000000' },
  incoming: { type: 'string', default: '10000' }, 'load-threads': { type: 'string', default: '0' },
  'record-cache': { type: 'string', default: 'on' },
} })
if (values.incremental) {
  await runIncremental({ sizes: values.sizes.split(',').map(Number), incoming: Number(values.incoming), seed: Number(values.seed),
    workers: Number(values.workers.split(',')[0]), partitions: values.partitions, group: values.group,
    recordCache: values['record-cache'].split(',').map((v) => (v === 'off' ? 'off' : 'on')) })
  process.exit(0)
}
const records = Number(values.records)
const workerCounts = values.workers.split(',').map(Number)
const loadThreadCounts = values['load-threads'].split(',').map(Number)
const f = (x: number) => x.toFixed(2)

const dir = await mkdtemp(join(tmpdir(), 'ligature-bench-'))
const t0 = performance.now()
const truthPath = join(dir, 'truth.csv')
const gen = await writeSyntheticDataset({ records, seed: Number(values.seed) }, { csvPath: join(dir, 'people.csv'), truthPath })
// Bytes, not a string: ten million rows are over V8's largest string.
const csv = await readFile(join(dir, 'people.csv'))
const tGen = performance.now()
const zip = buildEnvelope({ project: 'BENCH', sender: 'BENCHPROV', files: [{ fileName: 'people.csv', eventTypeCode: 'PEOPLE', content: csv }] })
const tZip = performance.now()
console.log(`bench:linkage  records ${records} (${gen.entities} people, ${gen.truePairs} true pairs), seed ${values.seed}, ${values.group}, ${values.partitions} partitions
  generate CSV            ${f((tGen - t0) / 1000)} s
  build envelope zip      ${f((tZip - tGen) / 1000)} s  (${(zip.length / 1024 ** 2).toFixed(1)} MiB)`)

type Job = { name: string; processingStart: string; processingFinish: string; stats: { name: string; value: string }[] }
const linkSeconds: number[] = []
for (const loadThreads of loadThreadCounts) for (const workers of workerCounts) linkSeconds.push(await runOnce(workers, loadThreads))
if (linkSeconds.length > 1 && loadThreadCounts.length === 1) {
  console.log(`\nlink step: ${workerCounts.map((w, i) => `${w} worker${w > 1 ? 's' : ''} ${f(linkSeconds[i]!)} s`).join(', ')}; ` +
    `speed-up ${workerCounts.length > 1 ? f(linkSeconds[0]! / linkSeconds[linkSeconds.length - 1]!) : '1.00'}×`)
}
await rm(dir, { recursive: true, force: true })

/** Who used the machine while every worker's main thread was busy (support/busy-cpu.ts), in core-seconds. */
function busyLine(r: BusyCpuReport | null): string {
  if (!r) return 'not measured (no /proc)'
  if (r.seconds === 0) return 'never all at once'
  const g = (x: number) => x.toFixed(2)
  return `${g(r.seconds)} s (${g(r.capacity)} core-s): main threads ${r.mainThreads.map(g).join(', ')}; the workers' other threads ` +
    `${r.otherThreads.map(g).join(', ')}; Postgres ${g(r.postgres)}; services and this bench ${g(r.self)}; the rest ${g(r.rest)}`
}

async function runOnce(workerCount: number, loadThreads: number): Promise<number> {
  // Other work on the machine skews every figure: the load average before this run starts says how much there was.
  const before = loadavg().map((l) => l.toFixed(2)).join(' ')
  const platform = await startPlatform({ maxEnvelopeBytes: 4 * 1024 ** 3 })
  const workers = await startWorkers(workerCount, { ...platform.workerConfig(), LIGATURE_LINK_PARTITIONS: values.partitions, LIGATURE_LOAD_THREADS: loadThreads,
    LIGATURE_ACTIVITY_MEMORY_MS: 200 })
  try {
    const { project } = await configureProject(platform.url, platform.adminToken, {
      project: 'BENCH', provider: 'BENCHPROV', eventTypes: ['PEOPLE'], groupStrategy: values.group,
      importFormat: { name: 'Synthetic people', columnType: SYNTHETIC_IMPORT_FORMAT.columnType, columns: SYNTHETIC_IMPORT_FORMAT.columns.map((c) => ({ name: c.name, linkageField: c.linkageField, ...(c.format ? { format: c.format } : {}) })) },
    })
    const tUpload = performance.now()
    const faultsBefore = systemPageFaults()
    const busyCpu = watchBusyCpu(workers.pids(), availableParallelism())
    const up = await uploadEnvelope(platform.url, platform.adminToken, 'bench.zip', zip)
    if (up.status !== 201) throw new Error(`upload answered ${up.status}`)
    const tUploaded = performance.now()
    const env = await waitForEnvelope(platform.url, platform.adminToken, 'bench', 3_600_000)
    const tDone = performance.now()
    const busy = busyCpu.stop()
    const faults = systemPageFaults() - faultsBefore
    if (env.statusName !== 'Complete') throw new Error(`the envelope ended ${env.statusName}`)
    const { indexSeconds, recordCache } = await stepsAfterComplete(platform.workerConfig().TEMPORAL_ADDRESS, `${platform.namespace}/envelope:bench`)
    const jobs = (await api(platform.url, 'GET', '/api/v3.3/envelopes/bench/jobs', { token: platform.adminToken })).json as Job[]
    const job = (name: string) => jobs.find((j) => j.name === name)!
    const secs = (j: Job) => (Date.parse(j.processingFinish) - Date.parse(j.processingStart)) / 1000
    const stat = (j: Job, name: string) => Number(j.stats.find((s) => s.name === name)?.value ?? NaN)
    const load = job('Load Linkage Request'), link = job('Link')
    const pairs = stat(link, 'Candidate pairs'), cpu = stat(link, 'Match CPU seconds')
    const peaks = workers.peakMiB()
    const quality = await keyQuality(platform.databaseUrl, project.id, truthPath)
    const timeline = await envelopeTimeline(platform.workerConfig().TEMPORAL_ADDRESS, `${platform.namespace}/envelope:bench`)
    const prepareSeconds = workers.activityPeaks().filter((a) => a.activity === 'prepareLinkage').reduce((n, a) => n + a.seconds, 0)
    const partitionCount = stat(link, 'Partitions')
    const parts = Array.from({ length: partitionCount }, (_, i) =>
      `${i + 1}: ${stat(link, `Partition ${i + 1}: pairs created`)} pairs, ${f(stat(link, `Partition ${i + 1}: match seconds`))} s`)
    console.log(`
${workerCount} worker process${workerCount > 1 ? 'es' : ''}, LIGATURE_LOAD_THREADS=${loadThreads}, load average before ${before}
  upload (HTTP, streamed) ${f((tUploaded - tUpload) / 1000)} s
  load (parse+COPY)       ${f(secs(load))} s  (${stat(load, 'Records added')} added, ${stat(load, 'Records invalid')} invalid, ${stat(load, 'Load threads')} parse threads)
  link job                ${f(secs(link))} s  (${stat(link, 'Partitions')} partitions on ${stat(link, 'Workers')} workers)
    prepare               ${f(prepareSeconds)} s  (a split linkage's records read once here, for every partition)
    read records          ${f(stat(link, 'Read seconds'))} s  (slowest partition: the prepared records, or its own read)
    block+compare+score   ${f(stat(link, 'Match seconds'))} s wall, ${f(cpu)} s CPU  (partition phase incl. reads and pair writes)
    pair writes           ${f(stat(link, 'Pair write seconds'))} s  (all partitions' COPYs of kept pairs, added up)
    group (on disk)       ${f(stat(link, 'Group seconds'))} s
    keys + pairs stored   ${f(stat(link, 'Key write seconds'))} s
    blocking indexes      ${indexSeconds !== null ? `${f(indexSeconds)} s` : recordCache ? 'none: the record cache stands in' : `${f(stat(link, 'Index seconds'))} s`}  (for the next linkage's touched read, after the envelope is complete)
    record cache          ${recordCache ? `${f(recordCache.seconds)} s  (${recordCache.written ? `${recordCache.rows} records written` : 'not written'}: ${recordCache.reason}; after the step above)` : '—'}
  total upload → keys     ${f((tDone - tUpload) / 1000)} s
  page faults             ${faults} on the whole machine, upload to keys (the workers' activities: ${workers.activityPeaks().reduce((n, a) => n + a.minorFaults, 0)})
  candidate pairs         ${pairs}  (kept ${stat(link, 'Pairs stored')}; groups ${stat(link, 'Groups new')})
  keys against the truth  ${qualityLine(quality)}
  per partition           ${parts.join('; ')}  (balance ${f(stat(link, 'Partition balance'))}: largest over mean)
  pairs/s per core        ${Math.round(pairs / cpu)}
  CPU while every worker's main thread was busy  ${busyLine(busy)}
  peak RSS per worker     ${peaks.map((p) => `${p.toFixed(0)} MiB`).join(', ')}
  peak RSS platform       ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (services + this bench, one process)
  peak RSS per activity   (worker: activity, runs, peak; V8 heap and typed arrays at the peak sample; * = the kernel's mark, ran alone; page faults)
${workers.activityPeaks().filter((a) => a.seconds >= 0.5 || a.peakRssMiB - a.startRssMiB >= 50).map((a) =>
    `    ${a.worker + 1}: ${a.activity.padEnd(24)} ×${a.runs}  ${a.peakRssMiB} MiB${a.exact ? '*' : ' '} (from ${a.startRssMiB}; heap ${a.heapUsedMiB}, typed arrays ${a.arrayBuffersMiB}), ${f(a.seconds)} s, ${a.minorFaults} faults`).join('\n')}
  envelope workflow (s from its start: scheduled, started, closed)
    ${timeline.join('\n    ')}`)
    return secs(link)
  } finally {
    await workers.stop()
    await platform.close()
  }
}
