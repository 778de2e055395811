import t from 'tap'
import { buildEnvelope, startPlatform, uploadEnvelope } from '@ligature/testkit'
import { caller, createProject, expectStatus, internal, outboxEvents, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const worker = internal(platform)
await createProject(platform, 'CORE')
await createProject(platform, 'OTHER')
await createProject(platform, 'IDLE', { isActive: false })
const custodian = await platform.token('custodian', ['CORE'])
const sources = [{ eventTypeCode: 'HMDS', dataSourceCode: 'CSV' }, { eventTypeCode: 'EDDC', dataSourceCode: 'PGSTAGE' }]
const requested = () => outboxEvents(platform, 'ligature.envelopes.linkage.requested')
const ids: number[] = []

t.test('POST /linkages records a Pending linkage and its linkageRequested event', async (t) => {
  const res = await call('POST', '/linkages', { projectCode: 'CORE', name: 'Admissions 2026', linkageSources: sources })
  t.equal(res.status, 201)
  const { id, createdDateTime, ...rest } = res.json
  t.same(rest, { projectCode: 'CORE', name: 'Admissions 2026', status: 0, statusName: 'Pending', linkageSources: sources })
  t.ok(Math.abs(Date.parse(createdDateTime) - Date.now()) < 60_000)
  ids.push(id)
  t.same(await requested(), [{ linkageId: id, projectCode: 'CORE', name: 'Admissions 2026', linkageSources: sources }])
  t.same((await call('GET', `/linkages/${id}`)).json, res.json)
  const byCustodian = await call('POST', '/linkages', { projectCode: 'CORE', name: 'Emergency 2026', linkageSources: sources.slice(1) }, custodian)
  t.equal(byCustodian.status, 201, 'a custodian of the project may start one')
  ids.push(byCustodian.json.id)
})

t.test('refusals: role, scope, project and sources; none enqueues an event', async (t) => {
  const body = { projectCode: 'CORE', name: 'Refused', linkageSources: sources }
  t.same((await call('POST', '/linkages', body, null)).json, UNAUTHORIZED, 'no token')
  t.equal((await call('POST', '/linkages', body, await platform.token('viewer', ['CORE']))).status, 401, 'viewers cannot start linkages')
  t.equal((await call('POST', '/linkages', { ...body, projectCode: 'OTHER' }, custodian)).status, 401, 'another project')
  const problem = [{ path: '/projectCode', message: 'No active project has this code.' }]
  t.same((await call('POST', '/linkages', { ...body, projectCode: 'NOPE' })).json, { message: 'The request is not valid.', errors: problem })
  t.same((await call('POST', '/linkages', { ...body, projectCode: 'IDLE' })).json, { message: 'The request is not valid.', errors: problem })
  const twice = await call('POST', '/linkages', { ...body, linkageSources: [sources[0], sources[1], sources[0]] })
  t.same([twice.status, twice.json.errors], [400, [{ path: '/linkageSources/2', message: 'This event type and data source are already in the list.' }]])
  t.equal((await call('POST', '/linkages', { ...body, linkageSources: [] })).status, 400)
  const unparseable = await platform.token('admin')
  const raw = await fetch(`${platform.url}/api/v3.3/linkages`, { method: 'POST', headers: { authorization: `Bearer ${unparseable}`, 'content-type': 'application/json' }, body: '{"projectCode":' })
  t.same([raw.status, await raw.json()], [400, { message: 'The request is not valid.' }])
  t.equal((await requested()).length, 2, 'only the two accepted requests have events')
})

t.test('GET /linkages: by id, paged, scoped', async (t) => {
  const all = await call('GET', '/linkages')
  t.same(all.json.map((l: { id: number }) => l.id), ids)
  t.equal(all.headers.get('x-total-count'), '2')
  const second = await call('GET', '/linkages?limit=1&offset=1')
  t.same([second.json.map((l: { id: number }) => l.id), second.headers.get('x-total-count')], [[ids[1]], '2'])
  const other = await platform.token('viewer', ['OTHER'])
  t.same((await call('GET', '/linkages', undefined, other)).json, [])
  const hidden = await call('GET', `/linkages/${ids[0]}`, undefined, other)
  t.same([hidden.status, hidden.json], [404, { message: 'Linkage resource can not be found.' }])
  t.equal((await call('GET', `/linkages/${ids[0]}`, undefined, custodian)).status, 200)
  t.equal((await call('GET', '/linkages', undefined, null)).status, 401)
  t.equal((await call('GET', '/linkages/999999')).status, 404)
})

t.test("the worker registers an envelope's linkage once, and moves linkages", async (t) => {
  const zip = buildEnvelope({ project: 'CORE', sender: 'WAHEALTH', files: [{ fileName: 'd.csv', eventTypeCode: 'HMDS', content: 'rec_id\n1\n' }] })
  await expectStatus(uploadEnvelope(platform.url, platform.adminToken, 'batch-7.zip', zip), 201)
  const body = { projectCode: 'CORE', name: 'batch-7', envelopeName: 'batch-7', linkageSources: [{ eventTypeCode: 'HMDS', dataSourceCode: 'ENVELOPE' }] }
  const first = await worker('POST', '/internal/linkages', body)
  t.equal(first.status, 201)
  const again = await worker('POST', '/internal/linkages', body)
  t.same([again.status, again.json], [200, first.json], 'a retried call finds the same linkage')
  t.equal((await worker('POST', '/internal/linkages', { ...body, envelopeName: 'no-such' })).status, 404)
  const id = first.json.id
  t.equal((await call('GET', `/linkages/${id}`)).json.statusName, 'Pending')
  t.equal((await worker('PUT', `/internal/linkages/${id}/state`, { status: 1 })).json.statusName, 'Processing')
  t.equal((await worker('PUT', `/internal/linkages/${id}/state`, { status: 3 })).json.statusName, 'Complete')
  t.equal((await worker('PUT', `/internal/linkages/${id}/state`, { status: 3 })).status, 200, 'a repeated report')
  const back = await worker('PUT', `/internal/linkages/${id}/state`, { status: 1 })
  t.same([back.status, back.json], [409, { message: 'Linkage cannot go from status 3 to 1.' }])
  t.equal((await worker('PUT', `/internal/linkages/${id}/state`, { status: 4 })).status, 400)
  t.equal((await worker('PUT', '/internal/linkages/999999/state', { status: 1 })).status, 404)
  t.equal((await call('GET', `/linkages/${id}`)).json.status, 3)
})

t.test('internal linkage routes refuse every principal but the system one', async (t) => {
  const admin = { tokenId: 'tok-9', name: 'an admin', role: 'admin' as const, projects: [] }
  const body = { projectCode: 'CORE', name: 'x', envelopeName: 'batch-7', linkageSources: sources }
  t.same((await worker('POST', '/internal/linkages', body, admin)).json, UNAUTHORIZED)
  t.equal((await worker('PUT', `/internal/linkages/${ids[0]}/state`, { status: 2 }, admin)).status, 401)
  t.equal((await call('GET', `/linkages/${ids[0]}`)).json.status, 0)
})
