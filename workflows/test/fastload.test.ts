import t from 'tap'
import pg from 'pg'
import { configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'
import { febrlFile, febrlRow, gatewayClient } from './support/gateway-client.js'
import { csvRows } from './support/unzip.js'

// Fast load of pre-linked data through the gateway (RequestType SubmitFastLoad): records sharing a
// Jurisdictional Linkage Key (Source Person ID) are one group, with no matching; read back through extractions.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const db = new pg.Client({ connectionString: platform.databaseUrl })
await db.connect()
t.teardown(() => db.end())
const { admin, call, ok, sendEnvelope, extractFiles } = gatewayClient(platform)

const person = (id: string, given: string, surname: string, dob: string, key: string) => febrlRow(id, given, surname, dob, key)
const ann = (id: string, key: string) => person(id, 'annabel', 'whitlock', '19710314', key)
const zoe = (id: string, key: string) => person(id, 'zoe', 'quinn', '19990202', key)

const { project } = await configureProject(platform.url, admin, { project: 'SPINE', provider: 'SPINEP', eventTypes: ['POP', 'ADM'], groupStrategy: 'MergeOnDisk' })
const send = (name: string, requestType: string, eventTypeCode: string, rows: string[]) =>
  sendEnvelope(name, { project: 'SPINE', sender: 'SPINEP', requestType, files: [{ fileName: 'f.csv', eventTypeCode, content: febrlFile(rows) }] })
let lastCsv = ''
async function mapOf(extractionProjectId: string, eventTypeCode: string): Promise<Record<string, { key: string; personId: string }>> {
  lastCsv = (await extractFiles(extractionProjectId, 'SPINE', eventTypeCode)).get('data-extract.csv')!
  return Object.fromEntries(csvRows(lastCsv).map((r) => [r['Source Unique ID']!, { key: r['Person Key']!, personId: r['Source Person ID']! }]))
}
/** The partition of records into groups, as sorted lists of Source Unique IDs: comparable whatever the keys. */
const partition = (groups: Record<string, string>) => {
  const byGroup = new Map<string, string[]>()
  for (const [suid, g] of Object.entries(groups)) byGroup.set(g, [...(byGroup.get(g) ?? []), suid].sort())
  return [...byGroup.values()].sort((a, b) => a[0]!.localeCompare(b[0]!))
}
const keysOf = (map: Record<string, { key: string }>) => Object.fromEntries(Object.entries(map).map(([s, r]) => [s, r.key]))
const enduring = (await ok('POST', '/extractionprojects', { projectId: project.id, code: 'SPINE-KEYS', description: 'spine', useEnduringLinkageKeys: true })).id as string

// s1 and s2 share key P-100 though their identifiers differ; s3 is identical to s1 but holds P-200; s4 and s5
// have no key (s5 identical to s1); s6 shares P-200 with s3.
const seed = [ann('s1', 'P-100'), zoe('s2', 'P-100'), ann('s3', 'P-200'), ann('s4', ''), ann('s5', ''), person('s6', 'quentin', 'ashdown', '19600101', 'P-200')]

t.test('a fast load groups an empty project\'s records by Jurisdictional Linkage Key exactly, with no matching', async (t) => {
  const done = await send('spine-1', 'SubmitFastLoad', 'POP', seed)
  t.match(done, { statusName: 'Complete', type: 1 }, JSON.stringify(await ok('GET', '/envelopes/spine-1/notifications')))
  const map = await mapOf(enduring, 'POP')
  t.comment(`extraction:\n${lastCsv}`)
  t.same(partition(keysOf(map)), [['s1', 's2'], ['s3', 's6'], ['s4'], ['s5']], 'groups are exactly the key classes; a record without a key is alone')
  t.same(Object.fromEntries(Object.entries(map).map(([s, r]) => [s, r.personId])), { s1: 'P-100', s2: 'P-100', s3: 'P-200', s4: '', s5: '', s6: 'P-200' })
  const jobs = await ok('GET', '/envelopes/spine-1/jobs')
  t.same(jobs.map((j: { name: string }) => j.name), ['Load Linkage Request', 'Group By Jurisdictional Key'])
  t.match(jobs[1].stats, [{ name: 'Records loaded', value: '6' }, { name: 'Jurisdictional keys', value: '2' }, { name: 'Records without a key', value: '2' },
    { name: 'Records used', value: '6' }, { name: 'Records not blocked', value: '0' }, { name: 'Groups new', value: '4' }])
  t.comment(`job stats: ${jobs[1].stats.map((s: { name: string; value: string }) => `${s.name} ${s.value}`).join(', ')}`)
  const pairs = await db.query(`select count(*)::int as n from project_${project.id}.pairs`)
  t.equal(pairs.rows[0].n, 0, 'no pair was scored or stored')
})

t.test('a project holding only the same event type may be fast loaded again: new records join their key\'s group', async (t) => {
  const before = keysOf(await mapOf(enduring, 'POP'))
  const done = await send('spine-2', 'SubmitFastLoad', 'POP', [zoe('s7', 'P-200'), ann('s8', 'P-300')])
  t.equal(done.statusName, 'Complete')
  const map = keysOf(await mapOf(enduring, 'POP'))
  t.equal(map.s7, before.s3, 's7 joins P-200\'s group, whatever its identifiers')
  t.same(partition(map), [['s1', 's2'], ['s3', 's6', 's7'], ['s4'], ['s5'], ['s8']])
  for (const s of ['s1', 's2', 's3', 's4', 's5', 's6']) t.equal(map[s], before[s], `${s} keeps its key`)
})

t.test('rollback undoes a fast load like a linkage', async (t) => {
  const seeded = keysOf(await mapOf(enduring, 'POP'))
  const res = await call('POST', `/projects/${project.id}/rollback`, { reason: 'wrong spine extract' })
  t.equal(res.status, 201)
  const deadline = Date.now() + 120_000
  let w = await ok('GET', `/workflows/${res.json.id}`)
  while (w.status < 4 && Date.now() < deadline) { await new Promise((r) => setTimeout(r, 200)); w = await ok('GET', `/workflows/${res.json.id}`) }
  const after = keysOf(await mapOf(enduring, 'POP'))
  t.same(Object.keys(after).sort(), ['s1', 's2', 's3', 's4', 's5', 's6'], 'the second fast load\'s records are gone')
  for (const s of Object.keys(after)) t.equal(after[s], seeded[s], `${s} keeps its key`)
  t.equal((await send('spine-2b', 'SubmitFastLoad', 'POP', [zoe('s7b', 'P-200')])).statusName, 'Complete', 'and the project can be fast loaded again')
  t.equal(keysOf(await mapOf(enduring, 'POP'))['s7b'], seeded.s3)
})

t.test('later linkages match against the seeded records as usual', async (t) => {
  const done = await send('adm-1', 'SubmitLinkage', 'ADM', [zoe('a1', '')])
  t.equal(done.statusName, 'Complete')
  const pop = keysOf(await mapOf(enduring, 'POP'))
  const adm = keysOf(await mapOf(enduring, 'ADM'))
  t.equal(adm.a1, pop.s2, 'Zoe\'s admission joins the seeded group of P-100 by matching')
})

t.test('a fast load is refused once the project holds other event types, and loads nothing', async (t) => {
  const done = await send('spine-3', 'SubmitFastLoad', 'POP', [ann('s9', 'P-100')])
  t.equal(done.statusName, 'Failed')
  const notes = await ok('GET', '/envelopes/spine-3/notifications')
  t.match(notes, [{ logLevel: 'Error', message: /Fast load refused: project SPINE holds 1 records of other event types/ }])
  t.notOk('s9' in (await mapOf(enduring, 'POP')), 'nothing was loaded')
})

t.test('a calling project cannot be fast loaded', async (t) => {
  const calling = await configureProject(platform.url, admin, { project: 'CALLER', provider: 'CALLERP', eventTypes: ['REG'], projectLinks: [{ projectId: project.id, eventTypeMembers: [] }] })
  const done = await sendEnvelope('caller-1', { project: 'CALLER', sender: 'CALLERP', requestType: 'SubmitFastLoad', files: [{ fileName: 'f.csv', eventTypeCode: 'REG', content: febrlFile([ann('r1', 'P-1')]) }] })
  t.equal(done.statusName, 'Failed')
  t.match(await ok('GET', '/envelopes/caller-1/notifications'), [{ message: /Fast load refused: project CALLER is a calling project/ }])
  t.ok(calling.project.id)
})
