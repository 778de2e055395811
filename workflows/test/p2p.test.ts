import t from 'tap'
import pg from 'pg'
import { configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'
import { febrlFile, febrlRow, gatewayClient } from './support/gateway-client.js'
import { csvRows } from './support/unzip.js'

// Project-to-project linkage through the gateway: a calling project links against its reference project's
// current records; its extraction carries the reference's enduring key; the reference stays byte-for-byte.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const db = new pg.Client({ connectionString: platform.databaseUrl })
await db.connect()
t.teardown(() => db.end())
const { admin, call, ok, sendEnvelope, extractFiles } = gatewayClient(platform)

const person = (id: string, given: string, surname: string, dob: string) => febrlRow(id, given, surname, dob)
const ann = (id: string) => person(id, 'annabel', 'whitlock', '19710314')
const ben = (id: string) => person(id, 'benedict', 'okonkwo', '19850922')
const eve = (id: string) => person(id, 'evangeline', 'marchetti', '19920607')

const ref = await configureProject(platform.url, admin, { project: 'MASTER', provider: 'MASTERP', eventTypes: ['HOSP'], groupStrategy: 'MergeInMemory' })
const calling = await configureProject(platform.url, admin, {
  project: 'BOWEL', provider: 'BOWELP', eventTypes: ['SURG'], groupStrategy: 'MergeOnDisk',
  projectLinks: [{ projectId: ref.project.id, eventTypeMembers: [{ eventTypeId: ref.eventTypes[0].id, code: 'HOSP' }] }],
})

async function load(project: string, sender: string, eventTypeCode: string, name: string, rows: string[]) {
  const done = await sendEnvelope(name, { project, sender, files: [{ fileName: 'f.csv', eventTypeCode, content: febrlFile(rows) }] })
  if (done.statusName !== 'Complete') throw new Error(`${name}: ${JSON.stringify(await ok('GET', `/envelopes/${name}/notifications`))}`)
}
let lastCsv = ''
async function extract(extractionProjectId: string, projectCode: string, eventTypeCode: string): Promise<Record<string, { key: string; linked: string }>> {
  lastCsv = (await extractFiles(extractionProjectId, projectCode, eventTypeCode)).get('data-extract.csv')!
  const rows = csvRows(lastCsv)
  return Object.fromEntries(rows.map((r) => [r['Source Unique ID']!, { key: r['Person Key']!, linked: r['Linked Project Person Key']! }]).sort())
}
/** Every row of the reference project's record store, in a fixed order, as text: compared before and after. */
async function dumpReference(): Promise<string> {
  const s = `project_${ref.project.id}`
  const tables = { records: 'id', record_keys: 'record_id, from_revision', revisions: 'revision', pairs: 'linkage_id, left_id, right_id', key_sequence: 'id' }
  const out: string[] = []
  for (const [table, order] of Object.entries(tables)) out.push(table, JSON.stringify((await db.query(`select * from "${s}".${table} order by ${order}`)).rows))
  return out.join('\n')
}
const newEp = async (projectId: number, code: string, enduring: boolean) =>
  (await ok('POST', '/extractionprojects', { projectId, code, description: code, useEnduringLinkageKeys: enduring })).id as string

// A first person only the reference holds, so its keys differ from the calling project's in the output.
await load('MASTER', 'MASTERP', 'HOSP', 'master-1', [person('m-z1', 'zebedee', 'fairweather', '19400101'), ann('m-a1'), ann('m-a2'), ben('m-b1')])
const refEp = await newEp(ref.project.id, 'MASTER-KEYS', true)
const callEp = await newEp(calling.project.id, 'BOWEL-KEYS', true)
const refMap = await extract(refEp, 'MASTER', 'HOSP')
const before = await dumpReference()
await load('BOWEL', 'BOWELP', 'SURG', 'bowel-1', [ann('s-a1'), ben('s-b1'), ben('s-b2'), eve('s-e1')])

t.test('a calling project links against its reference project: extraction fills Linked Project Person Key', async (t) => {
  const map = await extract(callEp, 'BOWEL', 'SURG')
  t.comment(`calling extraction:\n${lastCsv}`)
  t.equal(map['s-a1']!.linked, refMap['m-a1']!.key, 'Ann carries the reference project\'s enduring key')
  t.equal(map['s-b1']!.linked, refMap['m-b1']!.key)
  t.equal(map['s-b2']!.linked, refMap['m-b1']!.key, 'every record of the calling group')
  t.equal(map['s-e1']!.linked, '', 'a person the reference does not hold stays blank')
  t.equal(map['s-b1']!.key, map['s-b2']!.key, 'the calling project groups its own records as before')
  t.match(map['s-a1']!.key, /^LK\d{12}$/)
  const jobs = await ok('GET', '/envelopes/bowel-1/jobs')
  t.same(jobs.map((j: { name: string }) => j.name), ['Load Linkage Request', 'Link', 'Link To Reference Project'])
  t.match(jobs[2], { state: 'Complete', stats: [{ name: 'Reference project', value: 'MASTER' }, { name: 'Calling records', value: '4' }, { name: 'Calling groups', value: '3' },
    { name: 'Reference records', value: '4' }, { name: 'Pairs' }, { name: 'Groups linked', value: '2' }] })
  t.comment(`job stats: ${jobs[2].stats.map((s: { name: string; value: string }) => `${s.name} ${s.value}`).join(', ')}`)
})

t.test('the reference project is left byte-for-byte unchanged', async (t) => {
  t.equal(await dumpReference(), before, 'records, record_keys, revisions, pairs and key sequence are identical')
  t.same(await extract(refEp, 'MASTER', 'HOSP'), refMap, 'and so is its map')
  t.equal((await ok('GET', '/envelopes/master-1/jobs')).length, 2, 'and it ran no job')
})

t.test('a snapshot extraction leaves the reference project\'s key out', async (t) => {
  const snap = await newEp(calling.project.id, 'BOWEL-SNAP', false)
  const map = await extract(snap, 'BOWEL', 'SURG')
  t.same(Object.values(map).map((r) => r.linked), ['', '', '', ''])
})

t.test('each calling linkage links against the reference project as it is then', async (t) => {
  await load('MASTER', 'MASTERP', 'HOSP', 'master-2', [eve('m-e1')])
  const refNow = await extract(refEp, 'MASTER', 'HOSP')
  const stillBefore = await dumpReference()
  await load('BOWEL', 'BOWELP', 'SURG', 'bowel-2', [ann('s-a2')])
  const map = await extract(callEp, 'BOWEL', 'SURG')
  t.equal(map['s-e1']!.linked, refNow['m-e1']!.key, 'Eve, loaded into the reference since, is now linked')
  t.equal(map['s-a2']!.linked, refNow['m-a1']!.key)
  t.equal(await dumpReference(), stillBefore, 'the reference is still unchanged')
})

t.test('chaining is refused: a calling project cannot be a reference, nor a reference a caller', async (t) => {
  const chained = await call('POST', '/projects', { code: 'CHAIN', name: 'Chain', description: 'A to B to C', eventTypeMembers: [], projectLinks: [{ projectId: calling.project.id, eventTypeMembers: [] }] })
  t.equal(chained.status, 400)
  t.match(chained.json, { message: 'Unable to create the linkage project.', errors: [{ path: '/projectLinks/0/projectId', message: /BOWEL is itself a calling project.*\/docs\/guides\/project-to-project/ }] })
})
