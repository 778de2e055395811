import t from 'tap'
import pg from 'pg'
import { access, mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'
import { DESTROYED_COLUMNS } from '../src/records/destroy-records.js'
import { febrlFile, febrlRow, gatewayClient } from './support/gateway-client.js'

// Destroying record data through the gateway: identifiers blanked in the record store, keys and groups kept
// (read back through extractions), rollback never bringing them back, later linkages unable to match them.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const { admin, call, ok, wait, sendEnvelope, keyMap, rollback: rollbackProject } = gatewayClient(platform)

const person = (id: string, given: string, surname: string, dob: string) => febrlRow(id, given, surname, dob, `S-${id}`)
const ann = (id: string) => person(id, 'annabel', 'whitlock', '19710314')
const ben = (id: string) => person(id, 'benedict', 'okonkwo', '19850922')
const dora = (id: string) => person(id, 'dorothea', 'marchetti', '19620707')

const { project } = await configureProject(platform.url, admin, { project: 'DES', provider: 'DESPROV', eventTypes: ['ADM'], groupStrategy: 'MergeInMemory' })
const load = (name: string, rows: string[]) =>
  sendEnvelope(name, { project: 'DES', sender: 'DESPROV', files: [{ fileName: 'f.csv', eventTypeCode: 'ADM', content: febrlFile(rows) }] })
const mapOf = (extractionProjectId: string) => keyMap(extractionProjectId, 'DES', 'ADM')
async function destroy(body: Record<string, unknown>) {
  const res = await call('POST', `/projects/${project.id}/recorddestructions`, body)
  if (res.status !== 201) throw new Error(`destroy: ${res.status} ${res.text}`)
  const workflow = await wait<{ id: number; status: number; statusName: string }>(`/workflows/${res.json.id}`, (w) => w.status >= 4)
  const job = (await ok('GET', '/jobs?limit=1000') as { name: string; stats: { name: string; value: string }[] }[])
    .find((j) => j.name === 'Destroy Record Data')!
  return { res, workflow, stats: Object.fromEntries(job.stats.map((s) => [s.name, s.value])) }
}
const rollback = (reason: string) => rollbackProject(project.id, reason)
/** Each record's stored data (by Source Unique ID): the identifiers a destruction blanks, null when blank. */
async function identifiers(): Promise<Record<string, (string | null)[]>> {
  const db = new pg.Client({ connectionString: platform.databaseUrl })
  await db.connect()
  try {
    const cols = DESTROYED_COLUMNS.map((c) => `"${c}"::text`).join(', ')
    const rows = await db.query(`select "sourceUniqueId" as id, array[${cols}] as v from project_${project.id}.records order by id`)
    return Object.fromEntries(rows.rows.map((r: { id: string; v: (string | null)[] }) => [r.id, r.v]))
  }
  finally { await db.end() }
}
const blank = (v: (string | null)[] | undefined) => v !== undefined && v.every((x) => x === null)
const exists = (path: string) => access(join(platform.dataDir, path)).then(() => true, () => false)

await load('des-1', [ann('a1'), ann('a2'), ben('b1')])
const enduring = (await ok('POST', '/extractionprojects', { projectId: project.id, code: 'DES-KEYS', description: 'feed', useEnduringLinkageKeys: true })).id as string
const map1 = await mapOf(enduring)
await load('des-2', [ann('a3'), dora('d1')])
const map2 = await mapOf(enduring)

t.test('a list of Source Unique IDs: those records lose every identifier, keep their keys; unknown ids are reported', async (t) => {
  t.equal(map2.a1, map2.a3, 'a1, a2 and a3 are one person')
  const before = await identifiers()
  t.ok(before.a1!.filter((x) => x !== null).length >= 10, 'names, address, date of birth, codes, Source Person ID and aux are stored')
  // The project's cached records (an on-disk strategy's linkages make them; this project links in memory) hold
  // identifiers of records active when they were made: a destruction removes them with the rest.
  const cached = join(platform.dataDir, 'linkage-tables', `project_${project.id}.records`)
  await mkdir(dirname(cached), { recursive: true })
  await writeFile(cached, 'a1 annabel whitlock 19710314')
  const { res, workflow, stats } = await destroy({ reason: 'consent withdrawn (ticket 4411)', eventTypeCode: 'ADM', sourceUniqueIds: ['a1', 'zz-unknown'] })
  t.match(res.headers.get('location'), new RegExp(`/api/v3.3/workflows/${res.json.id}$`))
  t.equal(workflow.statusName, 'Complete')
  t.match(stats, { 'Records selected': '1', 'Records blanked': '1', 'Ids listed': '2', 'Ids not found': '1', 'Requested by': /./, Reason: 'consent withdrawn (ticket 4411)' })
  const after = await identifiers()
  t.ok(blank(after.a1), 'a1 is blank')
  t.notOk(await exists('inbox/des-1.zip'), 'the staged upload a1 came from is removed with it')
  t.ok(await exists('inbox/des-2.zip'), 'other envelopes stay staged')
  t.notOk(await exists(`linkage-tables/project_${project.id}.records`), 'the project\'s cached records are removed')
  t.same(after.a2, before.a2, 'a2 keeps its data')
  t.same(await mapOf(enduring), map2, 'the extraction lists every record under the same key')
})

t.test('an envelope: its records are blanked and its staged files removed', async (t) => {
  const { stats } = await destroy({ reason: 'extract sent under the wrong agreement', envelopeName: 'des-2' })
  t.match(stats, { 'Records selected': '2', 'Records blanked': '2', 'Already destroyed': '0' })
  t.ok(Number(stats['Staged files removed']) >= 2)
  t.notOk(await exists('inbox/des-2.zip'), 'zip removed')
  t.notOk(await exists('work/des-2'), 'extracted files removed')
  const after = await identifiers()
  t.ok(blank(after.a3) && blank(after.d1))
  t.same(await mapOf(enduring), map2, 'keys and groups kept')
  const notes = await ok('GET', '/envelopes/des-2/notifications') as { id: number; logLevel: string; message: string; attachmentFilename: string | null }[]
  const report = notes.find((n) => n.attachmentFilename)
  t.ok(report, 'the linkage report was attached')
  t.same((await call('GET', `/notifications/${report!.id}/download`)).json, { message: 'Notification resource can not be found.' }, 'its file is gone')
  t.match(notes.at(-1), { logLevel: 'Information', message: /Record data destroyed by .*personal identifiers of 2 records blanked; keys and groups kept.*Reason: extract sent under the wrong agreement/ })
})

t.test('later linkages keep destroyed records in their groups but cannot match them on blanked fields', async (t) => {
  await load('des-3', [ann('a4'), dora('d2')])
  const map3 = await mapOf(enduring)
  t.equal(map3.a4, map2.a1, 'a new ann record joins the group through a2, which still has its identifiers')
  t.equal(map3.a1, map2.a1, 'the destroyed records keep their key')
  t.not(map3.d2, map2.d1, 'd1 is blank: nothing can match it, so d2 starts a new group')
  t.same(Object.keys(map3), ['a1', 'a2', 'a3', 'a4', 'b1', 'd1', 'd2'])
})

t.test('rollback restores the map, never the identifiers', async (t) => {
  t.equal((await rollback('des-3 was a test load')).statusName, 'Complete')
  t.same(await mapOf(enduring), map2)
  t.equal((await rollback('des-2 should not have been loaded')).statusName, 'Complete')
  t.same(await mapOf(enduring), map1, 'the records of des-2 leave the map by the rollback rule; the destruction is not undone')
  const after = await identifiers()
  t.ok(blank(after.a1) && blank(after.a3) && blank(after.d1), 'still blank')
  t.notOk(blank(after.a2))
})

t.test('a whole event type, then the audit trail', async (t) => {
  const { stats } = await destroy({ reason: 'retention period ended', eventTypeCode: 'ADM' })
  t.match(stats, { 'Records selected': '7', 'Records blanked': '4', 'Already destroyed': '3', 'Ids listed': '0' })
  const after = await identifiers()
  t.ok(Object.values(after).every(blank), 'every ADM record is blank')
  t.same(await mapOf(enduring), map1, 'the enduring map still lists every live record under its key')
  const list = await call('GET', `/projects/${project.id}/recorddestructions`)
  t.equal(list.headers.get('x-total-count'), '3')
  t.match(list.json, [
    { projectCode: 'DES', reason: 'consent withdrawn (ticket 4411)', eventTypeCode: 'ADM', envelopeName: null, sourceUniqueIdCount: 2, statusName: 'Complete', requestedBy: /./ },
    { reason: 'extract sent under the wrong agreement', envelopeName: 'des-2', eventTypeCode: null, sourceUniqueIdCount: null, statusName: 'Complete' },
    { reason: 'retention period ended', eventTypeCode: 'ADM', sourceUniqueIdCount: null },
  ])
  t.same(list.json[2].stats.slice(0, 2), [{ name: 'Records selected', value: '7' }, { name: 'Records blanked', value: '4' }], 'with the job\'s counts')
  t.equal((await call('POST', `/projects/${project.id}/recorddestructions`, { reason: 'x', eventTypeCode: 'ADM' }, await platform.token('manager', ['DES']))).status, 401, 'administrators only')
})
