/**
 * bench:linkage --incremental: for each project size N, a project already holding N linked records (one
 * envelope, linked in full), then one envelope of `incoming` new records (the next rows of the same seeded
 * dataset, so some are duplicates of stored people) linked into it. Prints upload → keys stored for the
 * incoming envelope with the Link job's breakdown, records read and candidate pairs: the figure that must
 * grow with the envelope, not with the project.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { writeSyntheticDataset, SYNTHETIC_IMPORT_FORMAT } from '../../src/loading/index.js'
import { startWorkers } from './worker-processes.js'
import { stepsAfterComplete } from './index-after-complete.js'
import { envelopeTimeline } from './envelope-timeline.js'
import { systemPageFaults } from './page-faults.js'

/** `recordCache`: the workers' LIGATURE_RECORD_CACHE for each run of a size, in turn (both, to compare them in one run). */
export interface IncrementalOptions { sizes: number[]; incoming: number; seed: number; workers: number; partitions: string; group: string; recordCache: ('on' | 'off')[] }

type Job = { name: string; processingStart: string; processingFinish: string; stats: { name: string; value: string }[] }
const f = (x: number) => x.toFixed(2)
/** Status polls this often: the total is read to within it (the testkit's default, 200 ms, blurred a 3 s figure). */
const POLL_MS = 20

export async function runIncremental(options: IncrementalOptions): Promise<void> {
  console.log(`bench:linkage --incremental  ${options.incoming} incoming records into projects of ${options.sizes.join(', ')}; seed ${options.seed}, ${options.group}, ${options.partitions} partitions, ${options.workers} workers, record cache ${options.recordCache.join(' then ')}`)
  const rows: string[] = []
  for (const size of options.sizes) for (const recordCache of options.recordCache) rows.push(await runSize(size, recordCache, options))
  console.log(`\nsummary (incoming envelope, upload → keys stored)\n${rows.join('\n')}`)
}

async function runSize(size: number, recordCache: 'on' | 'off', options: IncrementalOptions): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ligature-bench-'))
  const platform = await startPlatform({ maxEnvelopeBytes: 4 * 1024 ** 3 })
  const workers = await startWorkers(options.workers, { ...platform.workerConfig(), LIGATURE_LINK_PARTITIONS: options.partitions, LIGATURE_RECORD_CACHE: recordCache })
  try {
    await writeSyntheticDataset({ records: size + options.incoming, seed: options.seed }, { csvPath: join(dir, 'people.csv') })
    const lines = (await readFile(join(dir, 'people.csv'), 'utf8')).split('\n').filter((l) => l.length > 0)
    const header = lines[0]!
    const csv = (from: number, to: number) => `${header}\n${lines.slice(from, to).join('\n')}\n`
    const envelope = (content: string) => buildEnvelope({ project: 'BENCH', sender: 'BENCHPROV', files: [{ fileName: 'people.csv', eventTypeCode: 'PEOPLE', content }] })
    const existing = envelope(csv(1, 1 + size)), incoming = envelope(csv(1 + size, 1 + size + options.incoming))
    lines.length = 0
    await configureProject(platform.url, platform.adminToken, {
      project: 'BENCH', provider: 'BENCHPROV', eventTypes: ['PEOPLE'], groupStrategy: options.group,
      importFormat: { name: 'Synthetic people', columnType: SYNTHETIC_IMPORT_FORMAT.columnType, columns: SYNTHETIC_IMPORT_FORMAT.columns.map((c) => ({ name: c.name, linkageField: c.linkageField, ...(c.format ? { format: c.format } : {}) })) },
    })
    const tExisting = performance.now()
    await send(platform, 'existing', existing)
    const built = (performance.now() - tExisting) / 1000
    // The next linkage's indexes follow the first envelope's completion; the incoming one would wait for them.
    const after = await stepsAfterComplete(platform.workerConfig().TEMPORAL_ADDRESS, `${platform.namespace}/envelope:existing`)
    const cached = after.recordCache?.written ? `, its records cached in ${f(after.recordCache.seconds)} s` : ''
    console.log(`\nproject of ${size} records, record cache ${recordCache}: built in ${f(built)} s (one envelope, linked in full), then readied for the next linkage (${after.indexSeconds === null ? 'no index built' : `indexes built in ${f(after.indexSeconds)} s`})${cached}`)
    const tUpload = performance.now()
    const faultsBefore = systemPageFaults()
    const uploadSeconds = await send(platform, 'incoming', incoming)
    const total = (performance.now() - tUpload) / 1000
    const faults = systemPageFaults() - faultsBefore
    const timeline = await envelopeTimeline(platform.workerConfig().TEMPORAL_ADDRESS, `${platform.namespace}/envelope:incoming`)
    const jobs = (await api(platform.url, 'GET', '/api/v3.3/envelopes/incoming/jobs', { token: platform.adminToken })).json as Job[]
    const job = (name: string) => jobs.find((j) => j.name === name)!
    const secs = (j: Job) => (Date.parse(j.processingFinish) - Date.parse(j.processingStart)) / 1000
    const stat = (j: Job, name: string) => j.stats.find((s) => s.name === name)?.value ?? '—'
    const load = job('Load Linkage Request'), link = job('Link')
    console.log(`  incoming envelope of ${options.incoming} records
    load (parse+COPY)       ${f(secs(load))} s  (${stat(load, 'Records added')} added)
    link job                ${f(secs(link))} s
      read records          ${stat(link, 'Read seconds')} s  (slowest partition; from ${stat(link, 'Records read from')})
      block+compare+score   ${stat(link, 'Match seconds')} s wall
      group (read+group)    ${stat(link, 'Group seconds')} s
      keys + pairs stored   ${stat(link, 'Key write seconds')} s
    records read            ${stat(link, 'Records read')} to match, ${stat(link, 'Records used')} to group  (project ${size + options.incoming} active)
    candidate pairs         ${stat(link, 'Candidate pairs')}  (kept ${stat(link, 'Pairs stored')}; groups new ${stat(link, 'Groups new')})
    upload answered         ${f(uploadSeconds)} s
    total upload → keys     ${f(total)} s
    page faults             ${faults} on the whole machine, upload to keys
    envelope workflow (s from its start: scheduled, started, closed)
      ${timeline.join('\n      ')}`)
    return `  project ${String(size).padStart(8)}, record cache ${recordCache.padEnd(3)}: ${f(total)} s total, link job ${f(secs(link))} s, records read ${stat(link, 'Records read')}/${stat(link, 'Records used')}, candidate pairs ${stat(link, 'Candidate pairs')}`
  } finally {
    await workers.stop()
    await platform.close()
    await rm(dir, { recursive: true, force: true })
  }
}

/** Uploads and waits for completion; the seconds the upload call took. */
async function send(platform: { url: string; adminToken: string }, name: string, zip: Buffer): Promise<number> {
  const started = performance.now()
  const up = await uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip)
  if (up.status !== 201) throw new Error(`upload of ${name} answered ${up.status}`)
  const uploaded = (performance.now() - started) / 1000
  const env = await waitForEnvelope(platform.url, platform.adminToken, name, 3_600_000, POLL_MS)
  if (env.statusName !== 'Complete') throw new Error(`the ${name} envelope ended ${env.statusName}`)
  return uploaded
}
