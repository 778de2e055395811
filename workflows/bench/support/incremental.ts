/**
 * bench:linkage --incremental: for each project size N, a project already holding N linked records (one
 * envelope, linked in full), then one envelope of `incoming` new records (the next rows of the same seeded
 * dataset, so some are duplicates of stored people) linked into it, then `incoming` more as another. Prints
 * upload → keys stored for each incoming envelope with the Link job's breakdown, records read and candidate pairs:
 * the figure that must grow with the envelope, not with the project. The first is also each worker's first
 * linkage into the grown project; the second shows what is left once that is behind them.
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
    const envelope = (content: string) => buildEnvelope({ project: 'BENCH', sender: 'BENCHPROV', files: [{ fileName: 'people.csv', eventTypeCode: 'PEOPLE', content }] })
    const rows = async (records: number) => {
      await writeSyntheticDataset({ records, seed: options.seed }, { csvPath: join(dir, 'people.csv') })
      const lines = (await readFile(join(dir, 'people.csv'), 'utf8')).split('\n').filter((l) => l.length > 0)
      return (from: number, to: number) => `${lines[0]!}\n${lines.slice(from, to).join('\n')}\n`
    }
    // The project and its first incoming envelope are one draw of size + incoming people, as in every earlier run
    // of this bench. A draw depends on its size, so the next envelope is the tail of a draw of size + 2 × incoming:
    // new ids, the same kinds of names, dates and addresses, but not duplicates of the stored people.
    let csv = await rows(size + options.incoming)
    const existing = envelope(csv(1, 1 + size))
    const incoming = [envelope(csv(1 + size, 1 + size + options.incoming))]
    csv = await rows(size + 2 * options.incoming)
    incoming.push(envelope(csv(1 + size + options.incoming, 1 + size + 2 * options.incoming)))
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
    // The first envelope after the project's first load is also the first each worker links into it (code not yet
    // compiled for it, the record cache not yet read); the next one is what a linkage unit's every day looks like.
    const totals: string[] = []
    for (const [k, zip] of incoming.entries()) {
      const name = k === 0 ? 'incoming' : 'next'
      totals.push(await sendIncoming(platform, name, zip, `${k === 0 ? 'incoming envelope' : 'the next envelope, after it (a larger draw\'s tail)'} of ${options.incoming} records`,
        size + (k + 1) * options.incoming))
      // What the envelope left for after its keys (a refreshed record cache, say) is done before the next.
      await stepsAfterComplete(platform.workerConfig().TEMPORAL_ADDRESS, `${platform.namespace}/envelope:${name}`)
    }
    return `  project ${String(size).padStart(8)}, record cache ${recordCache.padEnd(3)}: ${totals.join('; then ')}`
  } finally {
    await workers.stop()
    await platform.close()
    await rm(dir, { recursive: true, force: true })
  }
}

/** One incoming envelope into the project: upload to keys, the Link job's breakdown and the workflow's steps. */
async function sendIncoming(platform: Platform, name: string, zip: Buffer, label: string, active: number): Promise<string> {
  const tUpload = performance.now()
  const faultsBefore = systemPageFaults()
  const uploadSeconds = await send(platform, name, zip)
  const total = (performance.now() - tUpload) / 1000
  const faults = systemPageFaults() - faultsBefore
  const timeline = await envelopeTimeline(platform.workerConfig().TEMPORAL_ADDRESS, `${platform.namespace}/envelope:${name}`)
  const jobs = (await api(platform.url, 'GET', `/api/v3.3/envelopes/${name}/jobs`, { token: platform.adminToken })).json as Job[]
  const job = (jobName: string) => jobs.find((j) => j.name === jobName)!
  const secs = (j: Job) => (Date.parse(j.processingFinish) - Date.parse(j.processingStart)) / 1000
  const stat = (j: Job, statName: string) => j.stats.find((s) => s.name === statName)?.value ?? '—'
  const load = job('Load Linkage Request'), link = job('Link')
  console.log(`  ${label}
    load (parse+COPY)       ${f(secs(load))} s  (${stat(load, 'Records added')} added)
    link job                ${f(secs(link))} s
      read records          ${stat(link, 'Read seconds')} s  (slowest partition; from ${stat(link, 'Records read from')})
      block+compare+score   ${stat(link, 'Match seconds')} s wall
      group (read+group)    ${stat(link, 'Group seconds')} s
      keys + pairs stored   ${stat(link, 'Key write seconds')} s
    records read            ${stat(link, 'Records read')} to match, ${stat(link, 'Records used')} to group  (project ${active} active)
    candidate pairs         ${stat(link, 'Candidate pairs')}  (kept ${stat(link, 'Pairs stored')}; groups new ${stat(link, 'Groups new')})
    upload answered         ${f(uploadSeconds)} s
    total upload → keys     ${f(total)} s
    page faults             ${faults} on the whole machine, upload to keys
    envelope workflow (s from its start: scheduled, started, closed)
      ${timeline.join('\n      ')}`)
  return `${f(total)} s total, link job ${f(secs(link))} s, records read ${stat(link, 'Records read')}/${stat(link, 'Records used')}, candidate pairs ${stat(link, 'Candidate pairs')}`
}

type Platform = { url: string; adminToken: string; namespace: string; workerConfig(): { TEMPORAL_ADDRESS: string } }

/** Uploads and waits for completion; the seconds the upload call took. */
async function send(platform: Pick<Platform, 'url' | 'adminToken'>, name: string, zip: Buffer): Promise<number> {
  const started = performance.now()
  const up = await uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip)
  if (up.status !== 201) throw new Error(`upload of ${name} answered ${up.status}`)
  const uploaded = (performance.now() - started) / 1000
  const env = await waitForEnvelope(platform.url, platform.adminToken, name, 3_600_000, POLL_MS)
  if (env.statusName !== 'Complete') throw new Error(`the ${name} envelope ended ${env.statusName}`)
  return uploaded
}
