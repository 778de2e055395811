import t from 'tap'
import { configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'
import { febrlFile, febrlRow, gatewayClient } from './support/gateway-client.js'

// Deletion envelopes and rollback through the gateway, read back through extractions.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const { admin, call, ok, sendEnvelope, keyMap, rollback: rollbackProject } = gatewayClient(platform)

const person = (id: string, given: string, surname: string, dob: string) => febrlRow(id, given, surname, dob)
const ann = (id: string) => person(id, 'annabel', 'whitlock', '19710314')
const ben = (id: string) => person(id, 'benedict', 'okonkwo', '19850922')

const { project } = await configureProject(platform.url, admin, { project: 'DEL', provider: 'DELPROV', eventTypes: ['ADM'], groupStrategy: 'MergeInMemory' })
const send = (name: string, requestType: string, content: string) =>
  sendEnvelope(name, { project: 'DEL', sender: 'DELPROV', requestType, files: [{ fileName: 'f.csv', eventTypeCode: 'ADM', content }] })
const load = (name: string, rows: string[]) => send(name, 'SubmitLinkage', febrlFile(rows))
const mapOf = (extractionProjectId: string) => keyMap(extractionProjectId, 'DEL', 'ADM')
const rollback = (reason: string) => rollbackProject(project.id, reason)

await load('del-1', [ann('a1'), ann('a2'), ben('b1')])
const enduring = (await ok('POST', '/extractionprojects', { projectId: project.id, code: 'DEL-KEYS', description: 'feed', useEnduringLinkageKeys: true })).id as string
const map1 = await mapOf(enduring)
await load('del-2', [ann('a3'), person('c1', 'cara', 'lindqvist', '19990101')])
const map2 = await mapOf(enduring)
const snapshot = (await ok('POST', '/extractionprojects', { projectId: project.id, code: 'DEL-SNAP', description: 'study', useEnduringLinkageKeys: false })).id as string

t.test('a deletion envelope end-dates the listed records and reports the unknown ones', async (t) => {
  t.same(Object.keys(map2), ['a1', 'a2', 'a3', 'b1', 'c1'])
  const done = await send('del-3', 'SubmitDeletion', 'b1\nzz-unknown\n')
  const notes = await ok('GET', '/envelopes/del-3/notifications')
  t.match(done, { statusName: 'Complete', type: 3, typeName: 'Deletion' }, JSON.stringify(notes))
  t.match(notes, [{ logLevel: 'Warning', message: /1 records end-dated.*1 of the 2 listed Source Unique IDs are not live records of ADM: zz-unknown\./ }])
  const [job] = await ok('GET', '/envelopes/del-3/jobs')
  t.match(job, { name: 'Delete Records', state: 'Complete' })
  t.match(job.stats, [{ name: 'Ids listed', value: '2' }, { name: 'Records end-dated', value: '1' }, { name: 'Ids not found', value: '1' }])
  const after = await mapOf(enduring)
  t.same(Object.keys(after), ['a1', 'a2', 'a3', 'c1'], 'the enduring map no longer lists it')
  t.equal(after.a1, map2.a1, 'other people keep their keys')
  t.same(Object.keys(await mapOf(snapshot)), ['a1', 'a2', 'a3', 'b1', 'c1'], 'a snapshot taken before still does')
  await load('del-4', [ben('b2')])
  const later = await mapOf(enduring)
  t.not(later.b2, map2.b1, 'a deleted record no longer matches: its person starts a new group')
})

t.test('rollback undoes the last envelope each time and restores the exact earlier maps', async (t) => {
  t.equal((await call('POST', `/projects/${project.id}/rollback`, { reason: 'x' }, await platform.token('custodian', ['DEL']))).status, 401, 'managers and administrators only')
  t.equal((await call('POST', `/projects/${project.id}/rollback`, {})).status, 400, 'a reason is required')
  t.equal((await call('POST', '/projects/NOPE/rollback', { reason: 'x' })).status, 404)
  t.equal((await rollback('del-4 was sent twice')).statusName, 'Complete')
  t.same(Object.keys(await mapOf(enduring)), ['a1', 'a2', 'a3', 'c1'], 'the last linkage is gone')
  t.match(await ok('GET', '/envelopes/del-4/notifications'), [{}, { logLevel: 'Warning', message: /Rolled back by .*Reason: del-4 was sent twice/ }])
  t.equal((await rollback('b1 was deleted by mistake')).statusName, 'Complete')
  t.same(await mapOf(enduring), map2, 'the deletion is undone: the map after envelope 2, exactly')
  t.equal((await rollback('envelope 2 was the wrong extract')).statusName, 'Complete')
  t.same(await mapOf(enduring), map1, 'and the map after envelope 1, exactly')
  const jobs = (await ok('GET', '/jobs?limit=1000')).filter((j: { name: string }) => j.name === 'Rollback')
  t.equal(jobs.length, 3)
  t.ok(jobs.every((j: { stats: { name: string; value: string }[] }) => j.stats.some((s) => s.name === 'Requested by') && j.stats.some((s) => s.name === 'Reason')))
  t.same(Object.keys(await mapOf(snapshot)), ['a1', 'a2', 'a3', 'b1', 'c1'], 'the snapshot still reads the map it was created on')
})
