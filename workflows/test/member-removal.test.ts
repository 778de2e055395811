import t from 'tap'
import pg from 'pg'
import { configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'
import { febrlFile, gatewayClient } from './support/gateway-client.js'
import { csvRows } from './support/unzip.js'

// Removing an event type from a project (a member) through the gateway, read back through an enduring extraction.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const records = new pg.Client({ connectionString: platform.databaseUrl })
await records.connect()
t.teardown(() => records.end())
const { admin, call, ok, sendEnvelope, extractFiles } = gatewayClient(platform)
const until = async <T>(read: () => Promise<T>, done: (x: T) => boolean): Promise<T> => {
  const deadline = Date.now() + 120_000
  for (;;) {
    const x = await read()
    if (done(x) || Date.now() > deadline) return x
    await new Promise((r) => setTimeout(r, 200))
  }
}

const { project, eventTypes } = await configureProject(platform.url, admin, { project: 'MEM', provider: 'MEMPROV', eventTypes: ['ADM', 'BIR'], groupStrategy: 'MergeInMemory' })
const schema = `project_${project.id}`
// b1 (BIR) agrees with a1 on name and birth date, and with a2 on name and address: it bridges them.
await sendEnvelope('mem-1', { project: 'MEM', sender: 'MEMPROV', requestType: 'SubmitLinkage', files: [
  { fileName: 'adm.csv', eventTypeCode: 'ADM', content: febrlFile(['a1,annabel,whitlock,12,main street,,springfield,2600,act,19710314,',
    'a2,annabel,whitlock,45,ocean road,,seaside,3000,nsw,19530827,', 'c1,cara,lindqvist,7,hill lane,,townsville,4810,qld,19990101,']) },
  { fileName: 'bir.csv', eventTypeCode: 'BIR', content: febrlFile(['b1,annabel,whitlock,45,ocean road,,seaside,3000,nsw,19710314,']) },
] })
const enduring = (await ok('POST', '/extractionprojects', { projectId: project.id, code: 'MEM-KEYS', description: 'feed', useEnduringLinkageKeys: true })).id as string

const filesOf = (eventTypeCode: string) => extractFiles(enduring, 'MEM', eventTypeCode)
async function mapOf(eventTypeCode: string) {
  const rows = csvRows((await filesOf(eventTypeCode)).get('data-extract.csv')!)
  return Object.fromEntries(rows.map((r) => [r['Source Unique ID']!, r['Person Key']!]).sort())
}
const pairOf = async (a: string, b: string) => (await records.query(`select 1 from ${schema}.pairs p join ${schema}.records l on l.id = p.left_id
  join ${schema}.records r on r.id = p.right_id where array[l."sourceUniqueId", r."sourceUniqueId"] @> array[$1, $2]`, [a, b])).rowCount

t.test('removing a member whose record bridged two others: its records leave, the group splits by the key rule', async (t) => {
  const before = { ...await mapOf('ADM'), ...await mapOf('BIR') }
  t.equal(before.a1, before.b1, 'a1 and b1 linked')
  t.equal(before.a2, before.b1, 'a2 and b1 linked')
  t.equal(await pairOf('a1', 'a2'), 0, 'a1 and a2 only through b1')
  const current = await ok('GET', `/projects/${project.id}`)
  const bir = eventTypes.find((e: { code: string }) => e.code === 'BIR').id
  t.equal((await call('PUT', `/projects/${project.id}`, { ...current, eventTypeMembers: current.eventTypeMembers.filter((m: { eventTypeId: number }) => m.eventTypeId !== bir) })).status, 204)
  const jobs = await until(async () => (await ok('GET', '/jobs?limit=1000')).filter((j: { name: string; projectId: number }) => j.name === 'End-Date Event Type' && j.projectId === project.id),
    (js: { state: string }[]) => js.some((j) => j.state === 'Complete'))
  t.equal(jobs.length, 1, 'one job')
  t.match(jobs[0], { state: 'Complete', stats: [{ name: 'Event types', value: String(bir) }, { name: 'Records end-dated', value: '1' },
    { name: 'Groups affected', value: '1' }, { name: 'Groups split', value: '1' }, { name: 'Groups after regrouping', value: '2' }, { name: 'Keys issued', value: '1' }, { name: 'Keys ended', value: '0' }] })
  const after = await mapOf('ADM')
  t.same(Object.keys(after), ['a1', 'a2', 'c1'])
  t.equal(after.a1, before.a1, 'a1, the oldest record, keeps the key')
  t.not(after.a2, before.a1, 'a2 is split off under a new key')
  t.equal(after.c1, before.c1, 'others untouched')
  const files = await filesOf('ADM')
  t.same([...files.keys()].sort(), ['data-extract.csv', 'key-lineage.csv', 'manifest.xml'], 'an enduring result zip carries the key lineage')
  t.match(csvRows(files.get('key-lineage.csv')!), [{ Revision: '2', 'From Person Key': before.a1, 'To Person Key': after.a2, 'Records Moved': '1', 'From Key Ended': 'N' }],
    'a2 left the split key for a new one; the first linkage only issued keys')
  const rollback = await ok('POST', `/projects/${project.id}/rollback`, { reason: 'try to undo the removal' })
  const w = await until(() => ok('GET', `/workflows/${rollback.id}`) as Promise<{ status: number; statusName: string }>, (x) => x.status >= 4)
  t.equal(w.statusName, 'Failed', 'rollback refuses to go past a withdrawal')
  t.same(await mapOf('ADM'), after, 'and changes nothing')
  // A later change of the project that removes nothing starts no job.
  const again = await ok('GET', `/projects/${project.id}`)
  t.equal((await call('PUT', `/projects/${project.id}`, { ...again, description: 'renamed feed' })).status, 204)
  await new Promise((r) => setTimeout(r, 2000))
  t.equal((await ok('GET', '/jobs?limit=1000')).filter((j: { name: string; projectId: number }) => j.name === 'End-Date Event Type' && j.projectId === project.id).length, 1)
})
