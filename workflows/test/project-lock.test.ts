import t from 'tap'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'

// One map-changing job per project at a time: two envelopes of one project sent together run one after the
// other and give the grouping of a sequential run; another project's envelope is not held up by them.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const admin = platform.adminToken

const HEADER = 'rec_id,given_name,surname,street_number,address_1,address_2,suburb,postcode,state,date_of_birth,soc_sec_id'
const person = (id: string, given: string, surname: string, dob: string) => `${id},${given},${surname},12,main street,,springfield,2600,act,${dob},`
const first = [person('a1', 'annabel', 'whitlock', '19710314'), person('b1', 'benedict', 'okonkwo', '19850922')]
const second = [person('a2', 'annabel', 'whitlock', '19710314'), person('c1', 'cara', 'lindqvist', '19990101'), person('b2', 'benedict', 'okonkwo', '19850922')]

for (const code of ['SEQ', 'CONC']) await configureProject(platform.url, admin, { project: code, provider: `${code}P`, eventTypes: [`${code}E`], groupStrategy: 'MergeInMemory' })
const envelope = (code: string, rows: string[]) =>
  buildEnvelope({ project: code, sender: `${code}P`, files: [{ fileName: 'f.csv', eventTypeCode: `${code}E`, content: [HEADER, ...rows].join('\n') + '\n' }] })
async function send(code: string, name: string, rows: string[]) {
  const up = await uploadEnvelope(platform.url, admin, `${name}.zip`, envelope(code, rows))
  if (up.status !== 201) throw new Error(`upload ${name}: ${up.status}`)
}
type Job = { name: string; processingStart: string; processingFinish: string }
const span = async (name: string) => {
  const jobs = (await api(platform.url, 'GET', `/api/v3.3/envelopes/${name}/jobs`, { token: admin })).json as Job[]
  return { start: Math.min(...jobs.map((j) => Date.parse(j.processingStart))), end: Math.max(...jobs.map((j) => Date.parse(j.processingFinish))) }
}
/** The grouping as sets of Source Unique IDs (key numbers depend on the order the envelopes ran in). */
async function partition(code: string) {
  const res = await api(platform.url, 'GET', `/api/v3.3/projects/${code}?byCode=true`, { token: admin })
  const pg = (await import('pg')).default
  const db = new pg.Client({ connectionString: platform.databaseUrl })
  await db.connect()
  try {
    const rows = await db.query(`select r."sourceUniqueId" as id, k.key_number from project_${res.json.id}.records r
      join project_${res.json.id}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null`)
    const groups = new Map<string, string[]>()
    for (const r of rows.rows as { id: string; key_number: string }[]) groups.set(r.key_number, [...(groups.get(r.key_number) ?? []), r.id])
    return [...groups.values()].map((g) => g.sort().join('+')).sort()
  } finally { await db.end() }
}

t.test('two envelopes of one project sent together do not interleave and group as a sequential run', async (t) => {
  await send('SEQ', 'seq-1', first)
  t.equal((await waitForEnvelope(platform.url, admin, 'seq-1', 120_000)).statusName, 'Complete')
  await send('SEQ', 'seq-2', second)
  t.equal((await waitForEnvelope(platform.url, admin, 'seq-2', 120_000)).statusName, 'Complete')

  await Promise.all([send('CONC', 'conc-1', first), send('CONC', 'conc-2', second)])
  for (const n of ['conc-1', 'conc-2']) t.equal((await waitForEnvelope(platform.url, admin, n, 120_000)).statusName, 'Complete', n)
  const [a, b] = [await span('conc-1'), await span('conc-2')]
  t.ok(a.end <= b.start || b.end <= a.start, `the two linkages ran one after the other (${JSON.stringify({ a, b })})`)
  t.same(await partition('CONC'), await partition('SEQ'))
  t.same(await partition('CONC'), ['a1+a2', 'b1+b2', 'c1'])
})
