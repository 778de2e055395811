/**
 * bench:accuracy — FEBRL 1–4, Splink fake_1000 and the held-out synthetic people (heldout/people.ts: seed
 * HELDOUT_SEED, its own error model, the platform defaults untouched) through the real pipeline: each dataset gets its own project
 * configured through the API, its CSVs are built into envelopes and uploaded through the gateway, the worker
 * validates, loads and links them, and the stored linkage keys are scored against the ground truth.
 * Run: npm run bench:accuracy  (needs Postgres, NATS and Temporal, as the test command provides).
 * BENCH_PARAMETERS=em: before linking, the dataset's files go in one probability estimation envelope
 * (SubmitProbabilityEstimation) to the still-empty project and the estimate is applied to every strategy with
 * the apply call, so the figures are those of EM-estimated m, u and thresholds (never fitted to ground truth).
 */
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope, type FEBRL_IMPORT_FORMAT } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'
import { linkageQuality, type Quality } from './metrics.js'
import { setNameTermFrequencies, tuneStrategies, useLevels } from './tune-strategies.js'
import { HELDOUT_RECORDS, HELDOUT_SEED, heldoutCsv, heldoutPeople } from './heldout/people.js'

const DATA = new URL('../datasets/', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, DATA), 'utf8')

const FAKE_1000_FORMAT = {
  name: 'Splink fake_1000', columnType: 3,
  columns: [
    { name: 'unique_id', linkageField: 'sourceUniqueId' }, { name: 'first_name', linkageField: 'givenName' },
    { name: 'surname', linkageField: 'surname' }, { name: 'dob', linkageField: 'dateOfBirth', format: 'yyyy-MM-dd' },
    { name: 'city', linkageField: 'suburb' }, { name: 'email', linkageField: 'jurisdictionalLinkageKey' }, { name: 'cluster', linkageField: '' },
  ],
}

/** The held-out synthetic set (heldout/people.ts): its columns map onto the default linkage fields one to one. */
const HELDOUT_FORMAT = {
  name: 'Held-out synthetic people', columnType: 3,
  columns: [
    { name: 'unique_id', linkageField: 'sourceUniqueId' }, { name: 'given_name', linkageField: 'givenName' },
    { name: 'surname', linkageField: 'surname' }, { name: 'sex', linkageField: 'sex' }, { name: 'dob', linkageField: 'dateOfBirth', format: 'yyyy-MM-dd' },
    { name: 'address', linkageField: 'addressLine' }, { name: 'suburb', linkageField: 'suburb' }, { name: 'postcode', linkageField: 'postcode' },
    { name: 'state', linkageField: 'state' }, { name: 'person', linkageField: '' },
  ],
}

interface Dataset { name: string; files: { eventType: string; csv: string }[]; truth: (id: string) => string; format?: typeof FEBRL_IMPORT_FORMAT }
const febrlTruth = (id: string) => id.split('-')[1]!
const fakeClusters = new Map(read('splink_fake_1000/fake_1000.csv').trim().split('\n').slice(1).map((l) => { const c = l.split(','); return [c[0]!, c[c.length - 1]!] }))
const heldout = heldoutPeople(HELDOUT_RECORDS, HELDOUT_SEED)
const heldoutPerson = new Map(heldout.map((r) => [r.id, String(r.person)]))
const datasets: Dataset[] = [
  { name: 'FEBRL1', files: [{ eventType: 'FEBRL1', csv: read('febrl/febrl_dataset1.csv') }], truth: febrlTruth },
  { name: 'FEBRL2', files: [{ eventType: 'FEBRL2', csv: read('febrl/febrl_dataset2.csv') }], truth: febrlTruth },
  { name: 'FEBRL3', files: [{ eventType: 'FEBRL3', csv: read('febrl/febrl_dataset3.csv') }], truth: febrlTruth },
  { name: 'FEBRL4', files: [{ eventType: 'FEBRL4A', csv: read('febrl/febrl_dataset4a.csv') }, { eventType: 'FEBRL4B', csv: read('febrl/febrl_dataset4b.csv') }], truth: febrlTruth },
  { name: 'FAKE1000', files: [{ eventType: 'FAKE1000', csv: read('splink_fake_1000/fake_1000.csv') }], truth: (id) => fakeClusters.get(id) ?? id, format: FAKE_1000_FORMAT },
  // Platform defaults untouched (no tuning): the held-out check of what a new project gets.
  { name: 'HELDOUT', files: [{ eventType: 'HELDOUT', csv: heldoutCsv(heldout) }], truth: (id) => heldoutPerson.get(id) ?? id, format: HELDOUT_FORMAT },
]
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'))
// Unset: the project keeps the platform's default group strategy, so the figures are those a new project gets.
const groupStrategy = process.env.BENCH_GROUP_STRATEGY
// BENCH_PARAMETERS=em: EM-estimated parameters; both: every dataset twice, as configured and with EM (projects
// and event types of the EM run end in EM), so one run gives the whole table.
const modes: ('configured' | 'em')[] = process.env.BENCH_PARAMETERS === 'em' ? ['em'] : process.env.BENCH_PARAMETERS === 'both' ? ['configured', 'em'] : ['configured']
// BENCH_TF=on|off: term-frequency adjustment on given name and surname regardless of the default (unset: the default).
const termFrequencies = process.env.BENCH_TF === 'on' || process.env.BENCH_TF === 'off' ? process.env.BENCH_TF : null

// BENCH_LEVELS=on: multi-level names and dates (tune-strategies.ts useLevels) instead of the project's fields.
const levels = process.env.BENCH_LEVELS === 'on'

/** A probability estimation envelope of every file of the dataset, then the estimate applied to every strategy. */
async function estimateAndApply(ds: Dataset, projectId: number): Promise<void> {
  const name = `${ds.name.toLowerCase()}-estimate`
  const zip = buildEnvelope({ project: ds.name, sender: `P${ds.name}`.slice(0, 15), requestType: 'SubmitProbabilityEstimation',
    files: ds.files.map((f) => ({ fileName: `${f.eventType.toLowerCase()}.csv`, eventTypeCode: f.eventType, content: f.csv })) })
  const up = await uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip)
  if (up.status !== 201) throw new Error(`${name}: upload answered ${up.status}`)
  const env = await waitForEnvelope(platform.url, platform.adminToken, name, 600_000)
  if (env.statusName !== 'Complete') throw new Error(`${name} ended ${env.statusName}`)
  const [estimate] = (await api(platform.url, 'GET', `/api/v3.3/estimates?envelopeName=${name}`, { token: platform.adminToken })).json
  const strategies = (await api(platform.url, 'GET', `/api/v3.3/projects/${projectId}/matchconfig/strategies`, { token: platform.adminToken })).json
  for (const s of strategies) {
    const res = await api(platform.url, 'POST', `/api/v3.3/projects/${projectId}/matchconfig/strategies/${s.id}/estimates/${estimate.id}/apply`, { token: platform.adminToken })
    if (res.status !== 201) throw new Error(`apply to ${s.name} answered ${res.status}: ${res.text}`)
    if (process.env.BENCH_VERBOSE) console.log(ds.name, s.name, 'threshold', s.threshold, '→', res.json.threshold)
  }
}
/** The Source Unique IDs of every data row of a CSV (first column, header skipped): the records sent. */
const inputIds = (csv: string) => csv.trim().split('\n').slice(1).map((l) => l.slice(0, l.indexOf(',')).trim())
/** Per-field blanked counts from the Load jobs' stats ("Blanked dateOfBirth" …), summed over the files. */
const blankedFrom = (jobs: { name: string; stats: { name: string; value: string }[] }[]) => {
  const out = new Map<string, number>()
  for (const j of jobs) if (j.name === 'Load Linkage Request') for (const s of j.stats) {
    if (s.name.startsWith('Blanked ')) out.set(s.name.slice(8), (out.get(s.name.slice(8)) ?? 0) + Number(s.value))
  }
  return out
}

const platform = await startPlatform()
const worker = await startWorkerProcess(platform.workerConfig())
const db = new pg.Client({ connectionString: platform.databaseUrl })
await db.connect()
const results: { name: string; mode: string; q: Quality; seconds: number; loaded: number; blanked: Map<string, number> }[] = []
try {
  const selected = datasets.filter((d) => only.length === 0 || only.includes(d.name))
  const runs = modes.flatMap((mode) => selected.map((d) => ({ mode, ds: mode === 'em' && modes.length > 1
    ? { ...d, name: `${d.name}EM`, files: d.files.map((f) => ({ ...f, eventType: `${f.eventType}EM` })) } : d })))
  for (const { mode, ds } of runs) {
    const started = performance.now()
    const { project } = await configureProject(platform.url, platform.adminToken, {
      project: ds.name, provider: `P${ds.name}`.slice(0, 15), eventTypes: ds.files.map((f) => f.eventType), ...(groupStrategy ? { groupStrategy } : {}), ...(ds.format ? { importFormat: ds.format } : {}),
    })
    if (!ds.name.startsWith('HELDOUT')) await tuneStrategies(platform.url, platform.adminToken, project.id, ds.name.startsWith('FEBRL') ? 'FEBRL' : 'FAKE1000')
    if (levels) await useLevels(platform.url, platform.adminToken, project.id, ds.name.startsWith('FEBRL') ? 'FEBRL' : ds.name.startsWith('FAKE1000') ? 'FAKE1000' : 'DEFAULT')
    if (termFrequencies) await setNameTermFrequencies(platform.url, platform.adminToken, project.id, termFrequencies === 'on')
    if (mode === 'em') await estimateAndApply(ds, project.id)
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
    const blanked = new Map<string, number>()
    for (const i of ds.files.keys()) {
      const jobs = await api(platform.url, 'GET', `/api/v3.3/envelopes/${ds.name.toLowerCase()}-${i + 1}/jobs`, { token: platform.adminToken })
      if (process.env.BENCH_VERBOSE) console.log(ds.name, JSON.stringify(jobs.json.map((j: { name: string; stats: unknown }) => [j.name, j.stats])))
      for (const [f, n] of blankedFrom(jobs.json)) blanked.set(f, (blanked.get(f) ?? 0) + n)
    }
    const rows = await db.query(`select r."sourceUniqueId" as id, k.key_number from project_${project.id}.records r join project_${project.id}.record_keys k on k.record_id = r.id and k.to_revision is null`)
    // Recall is over every true pair of the input: a record that was not loaded keeps a key of its own and so
    // loses all its pairs.
    const keyOf = new Map<string, string>(rows.rows.map((r) => [r.id, String(r.key_number)]))
    const sent = ds.files.flatMap((f) => inputIds(f.csv))
    const q = linkageQuality(sent.map((id) => ds.truth(id)), sent.map((id) => keyOf.get(id) ?? `not loaded ${id}`))
    results.push({ name: ds.name, mode, q, seconds: (performance.now() - started) / 1000, loaded: rows.rows.length, blanked })
  }
} finally {
  await db.end()
  await worker.stop()
  await platform.close()
}
const f = (x: number) => x.toFixed(4)
console.log(`\nLinkage accuracy through the real pipeline (group strategy ${groupStrategy ?? 'project default'}; parameters ${modes.join(' and ')} (em: estimated from a probability estimation envelope of the same data); name term frequencies ${termFrequencies ?? 'as the default'}; ${levels ? 'multi-level names and dates' : 'comparisons as configured'}); keys scored against ground truth, recall over every record sent`)
console.log('dataset     parameters  records  loaded  entities  groups  true pairs  predicted  precision  recall   F1      exact clusters  seconds  fields blanked')
for (const { name, mode, q, seconds, loaded, blanked } of results) {
  const b = [...blanked].map(([field, n]) => `${field} ${n}`).join(', ') || '-'
  console.log(`${name.padEnd(11)} ${mode.padEnd(10)}  ${String(q.records).padStart(7)}  ${String(loaded).padStart(6)}  ${String(q.entities).padStart(8)}  ${String(q.groups).padStart(6)}  ${String(q.truePairs).padStart(10)}  ${String(q.predictedPairs).padStart(9)}  ${f(q.precision)}     ${f(q.recall)}   ${f(q.f1)}  ${f(q.clusterExactness)}          ${seconds.toFixed(1).padStart(7)}  ${b}`)
}
