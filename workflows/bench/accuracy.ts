/**
 * bench:accuracy — FEBRL 1–4 and Splink fake_1000 through the real pipeline: each dataset gets its own project
 * configured through the API, its CSVs are built into envelopes and uploaded through the gateway, the worker
 * validates, loads and links them, and the stored linkage keys are scored against the ground truth.
 * Run: npm run bench:accuracy  (needs Postgres, NATS and Temporal, as the test command provides).
 */
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope, FEBRL_IMPORT_FORMAT } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'
import { linkageQuality, type Quality } from './metrics.js'
import { tuneStrategies } from './tune-strategies.js'

const DATA = new URL('../../../shared/datasets/', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, DATA), 'utf8')

const FAKE_1000_FORMAT = {
  name: 'Splink fake_1000', columnType: 3,
  columns: [
    { name: 'unique_id', linkageField: 'sourceUniqueId' }, { name: 'first_name', linkageField: 'givenName' },
    { name: 'surname', linkageField: 'surname' }, { name: 'dob', linkageField: 'dateOfBirth', format: 'yyyy-MM-dd' },
    { name: 'city', linkageField: 'suburb' }, { name: 'email', linkageField: '' }, { name: 'cluster', linkageField: '' },
  ],
}

interface Dataset { name: string; files: { eventType: string; csv: string }[]; truth: (id: string) => string; format?: typeof FEBRL_IMPORT_FORMAT }
const febrlTruth = (id: string) => id.split('-')[1]!
const fakeClusters = new Map(read('splink_fake_1000/fake_1000.csv').trim().split('\n').slice(1).map((l) => { const c = l.split(','); return [c[0]!, c[c.length - 1]!] }))
const datasets: Dataset[] = [
  { name: 'FEBRL1', files: [{ eventType: 'FEBRL1', csv: read('febrl/febrl_dataset1.csv') }], truth: febrlTruth },
  { name: 'FEBRL2', files: [{ eventType: 'FEBRL2', csv: read('febrl/febrl_dataset2.csv') }], truth: febrlTruth },
  { name: 'FEBRL3', files: [{ eventType: 'FEBRL3', csv: read('febrl/febrl_dataset3.csv') }], truth: febrlTruth },
  { name: 'FEBRL4', files: [{ eventType: 'FEBRL4A', csv: read('febrl/febrl_dataset4a.csv') }, { eventType: 'FEBRL4B', csv: read('febrl/febrl_dataset4b.csv') }], truth: febrlTruth },
  { name: 'FAKE1000', files: [{ eventType: 'FAKE1000', csv: read('splink_fake_1000/fake_1000.csv') }], truth: (id) => fakeClusters.get(id) ?? id, format: FAKE_1000_FORMAT },
]
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const groupStrategy = process.env.BENCH_GROUP_STRATEGY ?? 'MergeOnDisk'

const platform = await startPlatform()
const worker = await startWorkerProcess(platform.workerConfig())
const db = new pg.Client({ connectionString: platform.databaseUrl })
await db.connect()
const results: [string, Quality, number][] = []
try {
  for (const ds of datasets.filter((d) => only.length === 0 || only.includes(d.name))) {
    const started = performance.now()
    const { project } = await configureProject(platform.url, platform.adminToken, {
      project: ds.name, provider: `P${ds.name}`.slice(0, 15), eventTypes: ds.files.map((f) => f.eventType), groupStrategy, ...(ds.format ? { importFormat: ds.format } : {}),
    })
    await tuneStrategies(platform.url, platform.adminToken, project.id, ds.name.startsWith('FEBRL') ? 'FEBRL' : 'FAKE1000')
    // Files go in one envelope each, in order: FEBRL 4b is linked against 4a's existing keys.
    for (const [i, f] of ds.files.entries()) {
      const name = `${ds.name.toLowerCase()}-${i + 1}`
      const zip = buildEnvelope({ project: ds.name, sender: `P${ds.name}`.slice(0, 15), files: [{ fileName: `${f.eventType.toLowerCase()}.csv`, eventTypeCode: f.eventType, content: f.csv }] })
      const up = await uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip)
      if (up.status !== 201) throw new Error(`${name}: upload answered ${up.status}`)
      const env = await waitForEnvelope(platform.url, platform.adminToken, name, 600_000)
      if (env.statusName !== 'Complete') {
        const notes = await api(platform.url, 'GET', `/api/v3.3/envelopes/${name}/notifications`, { token: platform.adminToken })
        throw new Error(`${name} ended ${env.statusName}: ${JSON.stringify(notes.json)}`)
      }
    }
    if (process.env.BENCH_VERBOSE) {
      const jobs = await api(platform.url, 'GET', `/api/v3.3/envelopes/${ds.name.toLowerCase()}-${ds.files.length}/jobs`, { token: platform.adminToken })
      console.log(ds.name, JSON.stringify(jobs.json.map((j: { name: string; stats: unknown }) => [j.name, j.stats])))
    }
    const rows = await db.query(`select r."sourceUniqueId" as id, k.key_number from project_${project.id}.records r join project_${project.id}.record_keys k on k.record_id = r.id and k.to_revision is null`)
    const q = linkageQuality(rows.rows.map((r) => ds.truth(r.id)), rows.rows.map((r) => String(r.key_number)))
    results.push([ds.name, q, (performance.now() - started) / 1000])
  }
} finally {
  await db.end()
  await worker.stop()
  await platform.close()
}
const f = (x: number) => x.toFixed(4)
console.log(`\nLinkage accuracy through the real pipeline (group strategy ${groupStrategy}); keys scored against ground truth`)
console.log('dataset   records  entities  groups  true pairs  predicted  precision  recall   F1      exact clusters  seconds')
for (const [name, q, s] of results) {
  console.log(`${name.padEnd(9)} ${String(q.records).padStart(7)}  ${String(q.entities).padStart(8)}  ${String(q.groups).padStart(6)}  ${String(q.truePairs).padStart(10)}  ${String(q.predictedPairs).padStart(9)}  ${f(q.precision)}     ${f(q.recall)}   ${f(q.f1)}  ${f(q.clusterExactness)}          ${s.toFixed(1)}`)
}
