import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { writeSyntheticDataset, SYNTHETIC_IMPORT_FORMAT } from '../src/loading/index.js'
import { startWorkerProcess } from '../src/worker.js'

// A worker killed (SIGKILL, no goodbye) in the middle of a load: the next worker retries the file and the
// store ends with every record exactly once.
const platform = await startPlatform({ maxEnvelopeBytes: 512 * 1024 ** 2 })
t.teardown(() => platform.close())
const dir = await mkdtemp(join(tmpdir(), 'ligature-crash-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))
const records = 150_000
await writeSyntheticDataset({ records, seed: 7 }, { csvPath: join(dir, 'people.csv') })
const csv = await readFile(join(dir, 'people.csv'), 'utf8')

t.test('killing the worker mid-load, then starting another, completes with no duplicate or missing records', async (t) => {
  const { project } = await configureProject(platform.url, platform.adminToken, {
    project: 'CRASH', provider: 'CRASHPROV', eventTypes: ['PEOPLE'],
    importFormat: { name: 'Synthetic', columnType: SYNTHETIC_IMPORT_FORMAT.columnType, columns: SYNTHETIC_IMPORT_FORMAT.columns.map((c) => ({ name: c.name, linkageField: c.linkageField, ...(c.format ? { format: c.format } : {}) })) },
  })
  const env = { ...process.env, ...Object.fromEntries(Object.entries(platform.workerConfig()).map(([k, v]) => [k, String(v)])) }
  const doomed = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/worker.ts', import.meta.url))], { env, stdio: 'ignore' })
  const zip = buildEnvelope({ project: 'CRASH', sender: 'CRASHPROV', files: [{ fileName: 'people.csv', eventTypeCode: 'PEOPLE', content: csv }] })
  t.equal((await uploadEnvelope(platform.url, platform.adminToken, 'crash.zip', zip)).status, 201)

  const db = new pg.Client({ connectionString: platform.databaseUrl })
  await db.connect()
  t.teardown(() => db.end())
  // Wait until the load is under way, then pull the plug.
  const deadline = Date.now() + 120_000
  for (;;) {
    const jobs = await api(platform.url, 'GET', '/api/v3.3/envelopes/crash/jobs', { token: platform.adminToken })
    if (jobs.json?.some((j: { name: string; state: string }) => j.name === 'Load Linkage Request' && j.state === 'Processing')) break
    if (Date.now() > deadline) throw new Error('the load never started')
    await new Promise((r) => setTimeout(r, 100))
  }
  await new Promise((r) => setTimeout(r, 700))
  doomed.kill('SIGKILL')
  await new Promise((r) => doomed.once('exit', r))

  const worker = await startWorkerProcess(platform.workerConfig())
  t.teardown(() => worker.stop())
  const done = await waitForEnvelope(platform.url, platform.adminToken, 'crash', 300_000)
  t.equal(done.statusName, 'Complete')
  const jobs = await api(platform.url, 'GET', '/api/v3.3/envelopes/crash/jobs', { token: platform.adminToken })
  const load = jobs.json.filter((j: { name: string }) => j.name === 'Load Linkage Request').at(-1)
  const added = Number(load.stats.find((s: { name: string }) => s.name === 'Records added').value)
  const invalid = Number(load.stats.find((s: { name: string }) => s.name === 'Records invalid').value)
  t.equal(added + invalid, records, 'every row read once')
  const counts = await db.query(`select count(*)::int as n, count(distinct "sourceUniqueId")::int as distinct_ids from project_${project.id}.records`)
  t.same(counts.rows[0], { n: added, distinct_ids: added }, 'no duplicate and no missing record')
  t.equal(jobs.json.filter((j: { name: string }) => j.name === 'Load Linkage Request').length, 1, 'one Load job')
  const keys = await db.query(`select count(*)::int as n, count(request_key)::int as keyed, count(distinct request_key)::int as distinct_keys
    from envelopes.jobs where envelope_name = 'crash'`)
  t.same(keys.rows[0], { n: jobs.json.length, keyed: jobs.json.length, distinct_keys: jobs.json.length }, 'every job start named by its own request key')
  const notes = await db.query(`select count(*)::int as n, count(request_key)::int as keyed, count(distinct request_key)::int as distinct_keys,
    count(distinct (log_level, message))::int as distinct_messages from envelopes.notifications where envelope_name = 'crash'`)
  t.ok(notes.rows[0].n > 0, 'the envelope has notifications')
  t.same(notes.rows[0], { n: notes.rows[0].n, keyed: notes.rows[0].n, distinct_keys: notes.rows[0].n, distinct_messages: notes.rows[0].n },
    'every notification named by its own request key, and none repeated')
})
