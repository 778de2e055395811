/**
 * bench:linkage --records N — N synthetic people with realistic duplicates and typos (seeded), end to end
 * through the platform: envelope upload → validation → COPY load → block, compare, score → group → stored
 * keys. Prints each stage's seconds, candidate pairs, pairs/s per core and the peak memory of the process
 * (the whole platform and the worker run in this one process).
 * Run: npm run bench:linkage -- --records 100000   (Postgres, NATS and Temporal as the test command provides)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { writeSyntheticDataset, SYNTHETIC_IMPORT_FORMAT } from '../src/loading/index.js'
import { startWorkerProcess } from '../src/worker.js'

const { values } = parseArgs({ options: { records: { type: 'string', default: '100000' }, seed: { type: 'string', default: '42' } } })
const records = Number(values.records)
const dir = await mkdtemp(join(tmpdir(), 'ligature-bench-'))
const t0 = performance.now()
const gen = await writeSyntheticDataset({ records, seed: Number(values.seed) }, { csvPath: join(dir, 'people.csv') })
const csv = await readFile(join(dir, 'people.csv'), 'utf8')
const tGen = performance.now()
const zip = buildEnvelope({ project: 'BENCH', sender: 'BENCHPROV', files: [{ fileName: 'people.csv', eventTypeCode: 'PEOPLE', content: csv }] })
const tZip = performance.now()

const platform = await startPlatform({ maxEnvelopeBytes: 4 * 1024 ** 3 })
const worker = await startWorkerProcess(platform.workerConfig())
try {
  await configureProject(platform.url, platform.adminToken, {
    project: 'BENCH', provider: 'BENCHPROV', eventTypes: ['PEOPLE'], groupStrategy: 'WeightedBestLinkOnDisk',
    importFormat: { name: 'Synthetic people', columnType: SYNTHETIC_IMPORT_FORMAT.columnType, columns: SYNTHETIC_IMPORT_FORMAT.columns.map((c) => ({ name: c.name, linkageField: c.linkageField, ...(c.format ? { format: c.format } : {}) })) },
  })
  const tUpload = performance.now()
  const up = await uploadEnvelope(platform.url, platform.adminToken, 'bench.zip', zip)
  if (up.status !== 201) throw new Error(`upload answered ${up.status}`)
  const tUploaded = performance.now()
  const env = await waitForEnvelope(platform.url, platform.adminToken, 'bench', 3_600_000)
  const tDone = performance.now()
  const jobs = (await api(platform.url, 'GET', '/api/v3.3/envelopes/bench/jobs', { token: platform.adminToken })).json as { name: string; processingStart: string; processingFinish: string; stats: { name: string; value: string }[] }[]
  if (env.statusName !== 'Complete') throw new Error(`the envelope ended ${env.statusName}`)
  const job = (name: string) => jobs.find((j) => j.name === name)!
  const secs = (j: { processingStart: string; processingFinish: string }) => (Date.parse(j.processingFinish) - Date.parse(j.processingStart)) / 1000
  const stat = (j: { stats: { name: string; value: string }[] }, name: string) => Number(j.stats.find((s) => s.name === name)?.value ?? NaN)
  const load = job('Load Linkage Request'), link = job('Link')
  const pairs = stat(link, 'Candidate pairs'), matchS = stat(link, 'Match seconds')
  const f = (x: number) => x.toFixed(2)
  console.log(`
bench:linkage  records ${records} (${gen.entities} people, ${gen.truePairs} true pairs), seed ${values.seed}
  generate CSV            ${f((tGen - t0) / 1000)} s
  build envelope zip      ${f((tZip - tGen) / 1000)} s  (${(zip.length / 1024 ** 2).toFixed(1)} MiB)
  upload (HTTP, streamed) ${f((tUploaded - tUpload) / 1000)} s
  load (parse+COPY)       ${f(secs(load))} s  (${stat(load, 'Records added')} added, ${stat(load, 'Records invalid')} invalid)
  link job                ${f(secs(link))} s
    read records          ${f(stat(link, 'Read seconds'))} s
    block+compare+score   ${f(matchS)} s
    group + keys          ${f(stat(link, 'Group seconds'))} s
  total upload → keys     ${f((tDone - tUpload) / 1000)} s
  candidate pairs         ${pairs}
  pairs/s per core        ${Math.round(pairs / matchS)} (scoring runs on one core)
  peak RSS (platform+worker, one process) ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`)
} finally {
  await worker.stop()
  await platform.close()
  await rm(dir, { recursive: true, force: true })
}
