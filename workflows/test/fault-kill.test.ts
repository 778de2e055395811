import t from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { writeSyntheticDataset, SYNTHETIC_IMPORT_FORMAT } from '../src/loading/index.js'
import { startWorkerProcess, type WorkerProcess } from '../src/worker.js'
import { csvRows, unzipText } from './support/unzip.js'

// Workers killed with SIGKILL (no goodbye) at seeded random moments of a load, a linkage and an extraction:
// after a healthy worker takes over, each job completes with exactly the keys and the extract of a run that
// was never interrupted. Each kill costs the activity's heartbeat timeout before Temporal retries elsewhere.
// Three heartbeat timeouts (30 s, 2 min, 1 min) are waited out on purpose: more than the suite's 300 s default.
t.setTimeout(900_000)
const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 1e6))
t.comment(`fault-kill seed ${seed} (FAULT_SEED=${seed} repeats these kill moments)`)
let state = seed
const random = () => { state = (state * 1103515245 + 12345) % 2 ** 31; return state / 2 ** 31 }

const platform = await startPlatform()
t.teardown(() => platform.close())
const dir = await mkdtemp(join(tmpdir(), 'ligature-fault-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))
await writeSyntheticDataset({ records: 40_000, seed: 21 }, { csvPath: join(dir, 'people.csv') })
const csv = await readFile(join(dir, 'people.csv'), 'utf8')
const importFormat = { name: 'Synthetic', columnType: SYNTHETIC_IMPORT_FORMAT.columnType, columns: SYNTHETIC_IMPORT_FORMAT.columns.map((c) => ({ name: c.name, linkageField: c.linkageField, ...(c.format ? { format: c.format } : {}) })) }

const admin = platform.adminToken
const ok = async (method: string, path: string, body?: unknown) => {
  const res = await api(platform.url, method, `/api/v3.3${path}`, { token: admin, ...(body === undefined ? {} : { body }) })
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`)
  return res.json
}
const workerEnv = { ...process.env, ...Object.fromEntries(Object.entries(platform.workerConfig()).map(([k, v]) => [k, String(v)])) }
const doomedWorker = () => spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../src/worker.ts', import.meta.url))], { env: workerEnv, stdio: 'ignore' })
const kill = async (child: ChildProcess) => { child.kill('SIGKILL'); if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r)) }
const until = async (what: string, check: () => Promise<boolean>, ms = 180_000) => {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 100))) if (Date.now() > end) throw new Error(`${what} never happened`)
}
const jobProcessing = (envelope: string, name: string) => async () =>
  ((await ok('GET', `/envelopes/${envelope}/jobs`)) as { name: string; state: string }[]).some((j) => j.name === name && j.state === 'Processing')

async function project(code: string) {
  await configureProject(platform.url, admin, { project: code, provider: `${code}P`, eventTypes: [`${code}EV`], importFormat })
  const zip = buildEnvelope({ project: code, sender: `${code}P`, files: [{ fileName: 'people.csv', eventTypeCode: `${code}EV`, content: csv }] })
  const projectId = ((await ok('GET', '/projects')) as { id: string; code: string }[]).find((p) => p.code === code)!.id
  const ep = (await ok('POST', '/extractionprojects', { projectId, code: `${code}-E`, description: 'keys', useEnduringLinkageKeys: true })).id as string
  return { code, zip, ep }
}
async function extractAll(code: string, ep: string, during?: (id: number) => Promise<void>) {
  const x = await ok('POST', '/extractions', { extractionProjectId: ep, projectCode: code, eventTypeCode: `${code}EV` })
  await during?.(x.id)
  let done = x
  await until(`extraction ${x.id}`, async () => (done = await ok('GET', `/extractions/${x.id}`)).callStatus >= 3)
  const [result] = await ok('GET', `/extractions/${x.id}/results`)
  const zip = await fetch(`${platform.url}/api/v3.3/results/${result.id}/download`, { headers: { authorization: `Bearer ${admin}` } })
  const files = await unzipText(Buffer.from(await zip.arrayBuffer()))
  return { status: done.statusName as string, rows: csvRows(files.get('data-extract.csv')!) }
}
const keysOf = (rows: Record<string, string>[]) => new Map(rows.map((r) => [r['Source Unique ID']!, r['Person Key']!]))

const reference = await project('FKREF')
const killed = await project('FKKILL')

t.test('killing workers at random moments of a load, a linkage and an extraction leaves the uninterrupted result', async (t) => {
  let healthy: WorkerProcess | undefined = await startWorkerProcess(platform.workerConfig())
  t.equal((await uploadEnvelope(platform.url, admin, 'fk-ref.zip', reference.zip)).status, 201)
  t.equal((await waitForEnvelope(platform.url, admin, 'fk-ref', 600_000)).statusName, 'Complete', 'the uninterrupted run completes')
  const expected = await extractAll(reference.code, reference.ep)
  await healthy.stop()
  healthy = undefined
  // Each job is killed at a random moment within how long it took uninterrupted on this machine: a fixed window
  // let a fast machine finish the job first, and the kill then tested nothing.
  const took = new Map(((await ok('GET', '/envelopes/fk-ref/jobs')) as { name: string; processingStart: string | null; processingFinish: string | null }[])
    .flatMap((j) => j.processingStart && j.processingFinish ? [[j.name, Date.parse(j.processingFinish) - Date.parse(j.processingStart)] as const] : []))

  const kills: string[] = []
  t.equal((await uploadEnvelope(platform.url, admin, 'fk-kill.zip', killed.zip)).status, 201)
  for (const job of ['Load Linkage Request', 'Link']) {
    const doomed = doomedWorker()
    await until(`${job} processing`, jobProcessing('fk-kill', job), 600_000)
    const delay = Math.floor(random() * (took.get(job) ?? 1500))
    await new Promise((r) => setTimeout(r, delay))
    const stillProcessing = await jobProcessing('fk-kill', job)()
    await kill(doomed)
    kills.push(`${job} +${delay} ms of ${took.get(job) ?? '?'}${stillProcessing ? '' : ' (it had already finished)'}`)
  }
  healthy = await startWorkerProcess(platform.workerConfig())
  t.teardown(() => healthy?.stop())
  const done = await waitForEnvelope(platform.url, admin, 'fk-kill', 900_000)
  t.equal(done.statusName, 'Complete', 'the interrupted envelope completes')
  await healthy.stop()
  healthy = undefined

  // The extraction: a doomed worker picks it up and dies at a random moment; a healthy one finishes it.
  const doomed = doomedWorker()
  const interrupted = await extractAll(killed.code, killed.ep, async (id) => {
    await until(`extraction ${id} processing`, async () => (await ok('GET', `/extractions/${id}`)).callStatus >= 2)
    const delay = Math.floor(random() * 300)
    await new Promise((r) => setTimeout(r, delay))
    await kill(doomed)
    const finished = (await ok('GET', `/extractions/${id}`)).callStatus >= 3
    kills.push(`Extract Linkage Map +${delay} ms${finished ? ' (it had already finished)' : ''}`)
    healthy = await startWorkerProcess(platform.workerConfig())
  })
  t.equal(interrupted.status, 'Complete', 'the interrupted extraction completes')

  const want = keysOf(expected.rows)
  const got = keysOf(interrupted.rows)
  t.equal(interrupted.rows.length, expected.rows.length, 'one row per record, none twice')
  t.equal(got.size, 40_000, 'every record extracted')
  const identical = [...want].filter(([id, key]) => got.get(id) === key).length
  t.comment(`kills ${kills.length} (${kills.join(', ')}), completed 3 of 3, identical keys ${identical} of ${want.size}`)
  t.equal(identical, want.size, 'every record has the key of the uninterrupted run')
})
