import t from 'tap'
import { startPlatform } from '@ligature/testkit'
import { caller, createProject, internal, outboxEvents, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const worker = internal(platform)
await createProject(platform, 'BULK')
await createProject(platform, 'OTHER')
const custodian = await platform.token('custodian', ['BULK'])
const hmds = { eventTypeCode: 'HMDS', dataSourceCode: 'CSV' }
const eddc = { eventTypeCode: 'EDDC', dataSourceCode: 'PGSTAGE' }
const births = { eventTypeCode: 'BIRTHS', dataSourceCode: 'CSV' }
const projectId = async (code: string) => (await call('GET', `/projects/${code}?byCode=true`)).json.id as number
const newEp = async (project: string, code: string, enduring: boolean) =>
  (await call('POST', '/extractionprojects', { projectId: await projectId(project), code, description: code, useEnduringLinkageKeys: enduring })).json.id as string
const enduringEp = await newEp('BULK', 'BULK-ENDURING', true)
const snapshotEp = await newEp('BULK', 'BULK-SNAPSHOT', false)
const otherEp = await newEp('OTHER', 'OTHER-ENDURING', true)
const body = { projectCode: 'BULK', name: 'Quarterly load', envelopes: [{ linkageSources: [hmds, eddc] }, { linkageSources: [births] }], extractionProjectId: enduringEp }
const bulkEvents = () => outboxEvents(platform, 'ligature.envelopes.bulkload.requested')
const workflowIds: number[] = []

t.test('a bulk load is one Created workflow, one Pending linkage per entry, and one event', async (t) => {
  const res = await call('POST', '/linkages/bulkload', body, custodian)
  t.equal(res.status, 201)
  const { id, initiatedOn, ...rest } = res.json
  t.same(rest, { projectCode: 'BULK', processingStart: null, processingFinish: null, status: 1, statusName: 'Created' })
  t.ok(Math.abs(Date.parse(initiatedOn) - Date.now()) < 60_000)
  workflowIds.push(id)
  const linkages = (await call('GET', '/linkages')).json
  t.same(linkages.map((l: { name: string; status: number; linkageSources: unknown }) => [l.name, l.status, l.linkageSources]), [
    ['Quarterly load (1 of 2)', 0, [hmds, eddc]], ['Quarterly load (2 of 2)', 0, [births]],
  ], 'each entry\'s sources stay together in one linkage')
  const rows = await platform.services.envelopes.db.selectFrom('linkages').select(['id', 'workflow_id']).orderBy('id').execute()
  t.same(rows.map((r) => r.workflow_id), [id, id])
  t.same(await bulkEvents(), [{ workflowId: id, projectCode: 'BULK', name: 'Quarterly load', extractionProjectId: enduringEp, linkageIds: rows.map((r: { id: number }) => r.id) }])
  t.same(await outboxEvents(platform, 'ligature.envelopes.linkage.requested'), [], 'the workflow runs them, not single requests')
  const plain = await call('POST', '/linkages/bulkload', { ...body, name: 'Monthly load', envelopes: [{ linkageSources: [births] }], extractionProjectId: undefined })
  t.equal(plain.status, 201)
  workflowIds.push(plain.json.id)
  t.equal((await bulkEvents())[1]?.extractionProjectId, null)
})

t.test('refusals leave no workflow, linkage or event behind', async (t) => {
  t.same((await call('POST', '/linkages/bulkload', body, null)).json, UNAUTHORIZED)
  t.equal((await call('POST', '/linkages/bulkload', body, await platform.token('viewer', ['BULK']))).status, 401)
  t.equal((await call('POST', '/linkages/bulkload', { ...body, projectCode: 'OTHER' }, custodian)).status, 401)
  const unknown = await call('POST', '/linkages/bulkload', { ...body, projectCode: 'NOPE' })
  t.same(unknown.json, { message: 'The request is not valid.', errors: [{ path: '/projectCode', message: 'No active project has this code.' }] })
  const twice = await call('POST', '/linkages/bulkload', { ...body, envelopes: [{ linkageSources: [hmds] }, { linkageSources: [births, births] }] })
  t.same(twice.json.errors, [{ path: '/envelopes/1/linkageSources/1', message: 'This event type and data source are already in the list.' }])
  t.equal((await call('POST', '/linkages/bulkload', { ...body, envelopes: [] })).status, 400)
  // Link and extract needs an enduring extraction project of the same project (product behaviour §8.5).
  for (const [extractionProjectId, message] of [[snapshotEp, /only into an enduring/], [otherEp, /another project/], ['E2000010001', /No extraction project/]] as const) {
    const refused = await call('POST', '/linkages/bulkload', { ...body, extractionProjectId })
    t.equal(refused.status, 400)
    t.match(refused.json.errors, [{ path: '/extractionProjectId', message }])
  }
  t.equal((await call('POST', '/linkages/bulkload', { ...body, name: 'x'.repeat(257) })).status, 400)
  t.equal((await call('GET', '/workflows')).headers.get('x-total-count'), '2')
  t.equal((await call('GET', '/linkages')).headers.get('x-total-count'), '3')
  t.equal((await bulkEvents()).length, 2)
})

t.test('GET /workflows: by id, paged, scoped', async (t) => {
  const all = await call('GET', '/workflows')
  t.same(all.json.map((w: { id: number }) => w.id), workflowIds)
  const second = await call('GET', '/workflows?limit=1&offset=1')
  t.same([second.json.map((w: { id: number }) => w.id), second.headers.get('x-total-count')], [[workflowIds[1]], '2'])
  t.same((await call('GET', `/workflows/${workflowIds[0]}`, undefined, custodian)).json.id, workflowIds[0])
  const other = await platform.token('viewer', ['OTHER'])
  t.same((await call('GET', '/workflows', undefined, other)).json, [])
  t.same((await call('GET', '/linkages', undefined, other)).json, [])
  const hidden = await call('GET', `/workflows/${workflowIds[0]}`, undefined, other)
  t.same([hidden.status, hidden.json], [404, { message: 'Workflow resource can not be found.' }])
  t.equal((await call('GET', '/workflows', undefined, null)).status, 401)
})

t.test('the worker moves a workflow only along its life, stamping start and finish', async (t) => {
  const id = workflowIds[0]
  const path = `/internal/workflows/${id}/state`
  t.equal((await worker('PUT', path, { status: 2 })).json.statusName, 'Queued')
  const started = await worker('PUT', path, { status: 3 })
  t.same([started.json.statusName, started.json.processingFinish], ['Processing', null])
  t.ok(started.json.processingStart)
  const repeated = await worker('PUT', path, { status: 3 })
  t.same([repeated.status, repeated.json], [200, started.json], 'a retried report changes nothing')
  const back = await worker('PUT', path, { status: 2 })
  t.same([back.status, back.json], [409, { message: 'Workflow cannot go from status 3 on queue.' }])
  const done = await worker('PUT', path, { status: 4 })
  t.same([done.json.statusName, done.json.processingStart], ['Complete', started.json.processingStart])
  t.ok(done.json.processingFinish)
  t.equal((await worker('PUT', path, { status: 6 })).status, 409, 'a complete workflow cannot be cancelled')
  const cancelled = await worker('PUT', `/internal/workflows/${workflowIds[1]}/state`, { status: 6 })
  t.same([cancelled.json.statusName, cancelled.json.processingStart, typeof cancelled.json.processingFinish], ['Cancelled', null, 'string'])
  t.equal((await worker('PUT', path, { status: 1 })).status, 400, 'nothing moves back to Created')
  t.equal((await worker('PUT', '/internal/workflows/999999/state', { status: 2 })).status, 404)
  t.same((await call('GET', `/workflows/${id}`)).json, done.json)
})

t.test('the internal workflow route refuses every principal but the system one', async (t) => {
  const manager = { tokenId: 'tok-3', name: 'a manager', role: 'manager' as const, projects: ['BULK'] }
  t.same((await worker('PUT', `/internal/workflows/${workflowIds[0]}/state`, { status: 5 }, manager)).json, UNAUTHORIZED)
  t.equal((await call('GET', `/workflows/${workflowIds[0]}`)).json.statusName, 'Complete')
})
