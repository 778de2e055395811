import t from 'tap'
import { buildEnvelope, startPlatform, uploadEnvelope } from '@ligature/testkit'
import { caller, createProject, expectStatus, internal, outboxEvents, UNAUTHORIZED } from '../support.js'

// POST /projects/{id}/recorddestructions and its audit read, without a worker: what the service accepts, refuses,
// records and announces. The worker's part is workflows/test/destruction.test.ts.
const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const worker = internal(platform)
const provider = (await expectStatus(call('POST', '/dataproviders', { code: 'DPROV', organisation: 'Health', contactName: 'Custodian', email: 'c@example.org' }), 201)).json
const adm = (await expectStatus(call('POST', '/eventtypes', { dataProviderId: provider.id, code: 'ADM', description: 'Admissions', isAuthoritative: false, category: 'Hospital', dataSources: [] }), 201)).json
const births = (await expectStatus(call('POST', '/eventtypes', { dataProviderId: provider.id, code: 'BIRTHS', description: 'Births', isAuthoritative: false, category: 'Births', dataSources: [] }), 201)).json
const project = await createProject(platform, 'DESTR', { eventTypeMembers: [{ eventTypeId: adm.id, code: 'ADM' }] })
await createProject(platform, 'OTHER')
const zip = buildEnvelope({ project: 'DESTR', sender: 'DPROV', files: [{ fileName: 'd.csv', eventTypeCode: 'ADM', content: 'rec_id\n1\n' }] })
for (const [name, projectCode, status] of [['done-1', 'DESTR', 4], ['busy-1', 'DESTR', 2], ['other-1', 'OTHER', 4]] as const) {
  await expectStatus(uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip), 201)
  await expectStatus(worker('PUT', `/internal/envelopes/${name}/state`, { status: 2, type: 1, projectCode }), 200)
  if (status === 4) await expectStatus(worker('PUT', `/internal/envelopes/${name}/state`, { status: 4 }), 200)
}
const linkage = (await expectStatus(worker('POST', '/internal/linkages', { projectCode: 'DESTR', name: 'done-1', envelopeName: 'done-1', linkageSources: [{ eventTypeCode: 'ADM', dataSourceCode: 'ENVELOPE' }] }), 201)).json
const path = `/projects/${project.id}/recorddestructions`
const events = () => outboxEvents(platform, 'ligature.envelopes.recorddestruction.requested')
const problem = (path: string, message: string) => ({ message: 'The request is not valid.', errors: [{ path, message }] })

t.test('each selector starts a Created workflow, records who, when and why, and announces it resolved', async (t) => {
  const byIds = await call('POST', path, { reason: 'consent withdrawn', eventTypeCode: 'ADM', sourceUniqueIds: ['a1', 'a2', 'a1'] })
  t.equal(byIds.status, 201)
  t.match(byIds.json, { projectCode: 'DESTR', status: 1, statusName: 'Created', processingStart: null })
  t.equal(byIds.headers.get('location'), `/api/v3.3/workflows/${byIds.json.id}`)
  const byEnvelope = await call('POST', `/projects/DESTR/recorddestructions`, { reason: 'wrong agreement', envelopeName: 'done-1' })
  const byType = await call('POST', path, { reason: 'retention ended', eventTypeCode: 'ADM' })
  t.same([byEnvelope.status, byType.status], [201, 201])
  const requestedBy = 'test admin (admin)'
  const [e1, e2, e3] = await events()
  t.match(e1, { workflowId: byIds.json.id, projectCode: 'DESTR', reason: 'consent withdrawn', envelopeName: null, linkageIds: [], eventTypeCode: 'ADM', eventTypeId: adm.id, sourceUniqueIds: ['a1', 'a2'] })
  t.match(e2, { workflowId: byEnvelope.json.id, envelopeName: 'done-1', linkageIds: [linkage.id], eventTypeCode: null, eventTypeId: null, sourceUniqueIds: null })
  t.match(e3, { workflowId: byType.json.id, eventTypeId: adm.id, sourceUniqueIds: null })
  t.equal(typeof e1?.requestedBy, 'string')
  const list = await call('GET', path)
  t.equal(list.headers.get('x-total-count'), '3')
  t.match(list.json, [
    { workflowId: byIds.json.id, projectCode: 'DESTR', reason: 'consent withdrawn', envelopeName: null, eventTypeCode: 'ADM', sourceUniqueIdCount: 2, statusName: 'Created', processingFinish: null, stats: [] },
    { workflowId: byEnvelope.json.id, envelopeName: 'done-1', eventTypeCode: null, sourceUniqueIdCount: null },
    { workflowId: byType.json.id, eventTypeCode: 'ADM', sourceUniqueIdCount: null },
  ])
  t.equal(list.json[0].requestedBy, e1?.requestedBy ?? requestedBy)
  t.ok(Math.abs(Date.parse(list.json[0].requestedOn) - Date.now()) < 60_000)
  t.same((await call('GET', `${path}?limit=1&offset=2`)).json.map((d: { workflowId: number }) => d.workflowId), [byType.json.id])
})

t.test('administrators only; unknown projects 404', async (t) => {
  const body = { reason: 'x', eventTypeCode: 'ADM' }
  for (const role of ['viewer', 'custodian', 'manager'] as const) {
    t.same((await call('POST', path, body, await platform.token(role, ['DESTR']))).json, UNAUTHORIZED, role)
  }
  t.equal((await call('POST', path, body, null)).status, 401)
  t.same((await call('POST', '/projects/NOPE/recorddestructions', body)).json, { message: 'Project resource can not be found.' })
  t.equal((await call('POST', '/projects/999999/recorddestructions', body)).status, 404)
  t.equal((await call('GET', path, undefined, await platform.token('manager', ['DESTR']))).status, 200, 'managers of the project read the audit trail')
  t.equal((await call('GET', path, undefined, await platform.token('custodian', ['DESTR']))).status, 401)
  t.same((await call('GET', path, undefined, await platform.token('manager', ['OTHER']))).json, { message: 'Project resource can not be found.' })
})

t.test('bad bodies are 400 with the field named, and leave nothing behind', async (t) => {
  const before = (await events()).length
  const cases: [unknown, unknown][] = [
    [{ eventTypeCode: 'ADM' }, { message: 'The request is not valid.' }],
    [{ reason: '', eventTypeCode: 'ADM' }, { message: 'The request is not valid.' }],
    [{ reason: 'x', eventTypeCode: 'ADM', extra: 1 }, { message: 'The request is not valid.' }],
    [{ reason: 'x', eventTypeCode: 'ADM', sourceUniqueIds: [] }, { message: 'The request is not valid.' }],
    [{ reason: 'x' }, problem('', 'Name the records: envelopeName, eventTypeCode, or eventTypeCode with sourceUniqueIds.')],
    [{ reason: 'x', envelopeName: 'done-1', eventTypeCode: 'ADM' }, problem('/eventTypeCode', 'Name either envelopeName or eventTypeCode, not both.')],
    [{ reason: 'x', sourceUniqueIds: ['a'] }, problem('/eventTypeCode', 'sourceUniqueIds need the eventTypeCode they belong to.')],
    [{ reason: 'x', envelopeName: 'other-1' }, problem('/envelopeName', 'No envelope of this project has this name.')],
    [{ reason: 'x', envelopeName: 'nosuch' }, problem('/envelopeName', 'No envelope of this project has this name.')],
    [{ reason: 'x', envelopeName: 'busy-1' }, problem('/envelopeName', 'The envelope is still being processed; destroy its data once it has finished.')],
    [{ reason: 'x', eventTypeCode: births.code }, problem('/eventTypeCode', 'The event type is not a member of this project.')],
  ]
  for (const [body, expected] of cases) {
    const res = await call('POST', path, body)
    t.equal(res.status, 400, JSON.stringify(body))
    t.match(res.json, expected)
  }
  t.equal((await call('POST', path, { reason: 'x', eventTypeCode: 'ADM', sourceUniqueIds: Array.from({ length: 10_001 }, (_, i) => `id${i}`) })).status, 400, 'at most 10,000 ids')
  t.equal((await events()).length, before)
  t.equal((await call('GET', path)).headers.get('x-total-count'), '3')
})
