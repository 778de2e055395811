import t from 'tap'
import { buildEnvelope, startPlatform, uploadEnvelope } from '@ligature/testkit'
import { caller, expectStatus, internal, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const worker = internal(platform)
const zip = buildEnvelope({ project: 'CORE', sender: 'WAHEALTH', files: [{ fileName: 'data.csv', eventTypeCode: 'HMDS', content: 'rec_id,surname\n1,Smith\n' }] })

const custodian = await platform.token('custodian', [])
// One envelope validated into CORE, and one a custodian uploaded that is not yet validated.
await expectStatus(uploadEnvelope(platform.url, platform.adminToken, 'jobs-env.zip', zip), 201)
await expectStatus(worker('PUT', '/internal/envelopes/jobs-env/state', { status: 2, type: 1, projectCode: 'CORE', sender: 'WAHEALTH' }), 200)
await expectStatus(uploadEnvelope(platform.url, custodian, 'own-upload.zip', zip), 201)

const ids: Record<string, number> = {}
t.test('the worker records jobs: 201 with the id, Processing from now', async (t) => {
  const before = Date.now()
  const validate = await worker('POST', '/internal/jobs', { name: 'Validate Envelope', envelopeName: 'jobs-env' })
  t.equal(validate.status, 201)
  t.same(Object.keys(validate.json), ['id'])
  ids.validate = validate.json.id
  const load = await worker('POST', '/internal/jobs', {
    name: 'Load Linkage Request', envelopeName: 'jobs-env', projectId: 7, projectCode: 'CORE', projectName: 'Core collections',
    dataProviderId: 3, dataProviderName: 'WA Department of Health', eventTypeId: 11,
  })
  ids.load = load.json.id
  ids.other = (await worker('POST', '/internal/jobs', { name: 'End-Date Event Type', projectCode: 'OTHER' })).json.id
  ids.own = (await worker('POST', '/internal/jobs', { name: 'Validate Envelope', envelopeName: 'own-upload' })).json.id
  const read = await call('GET', `/jobs/${ids.load}`)
  t.equal(read.status, 200)
  const { processingStart, ...rest } = read.json
  t.same(rest, {
    id: ids.load, name: 'Load Linkage Request', state: 'Processing', processingFinish: null, projectId: 7, projectName: 'Core collections',
    dataProviderId: 3, dataProviderName: 'WA Department of Health', eventTypeId: 11, stats: [],
  })
  t.ok(Date.parse(processingStart) >= before - 1000 && Date.parse(processingStart) <= Date.now() + 1000, 'processing start is now')
})

t.test('a state report replaces the stats; a final state stamps the finish once', async (t) => {
  const done = await worker('PUT', `/internal/jobs/${ids.load}`, { state: 'Complete', stats: [{ name: 'Records read', value: 1000 }, { name: 'Records invalid', value: '2' }] })
  t.equal(done.status, 200)
  t.equal(done.json.state, 'Complete')
  t.same(done.json.stats, [{ name: 'Records read', value: '1000' }, { name: 'Records invalid', value: '2' }])
  t.ok(done.json.processingFinish)
  const again = await worker('PUT', `/internal/jobs/${ids.load}`, { state: 'Complete', stats: [{ name: 'Records read', value: '1000' }] })
  t.equal(again.status, 200, 'a retried report is accepted')
  t.equal(again.json.processingFinish, done.json.processingFinish, 'the finish time stays')
  t.same(again.json.stats, [{ name: 'Records read', value: '1000' }], 'stats are replaced, not merged')
  const back = await worker('PUT', `/internal/jobs/${ids.load}`, { state: 'Processing' })
  t.equal(back.status, 409)
  t.same(back.json, { message: 'Job cannot go from Complete to Processing.' })
  t.equal((await worker('PUT', `/internal/jobs/${ids.validate}`, { state: 'Done' })).status, 400)
  const missing = await worker('PUT', '/internal/jobs/999999', { state: 'Failed' })
  t.same([missing.status, missing.json], [404, { message: 'Job resource can not be found.' }])
  const noEnvelope = await worker('POST', '/internal/jobs', { name: 'Validate Envelope', envelopeName: 'never-uploaded' })
  t.same([noEnvelope.status, noEnvelope.json], [404, { message: 'Envelope resource can not be found.' }])
})

t.test('GET /jobs: newest first, paged, with X-Total-Count', async (t) => {
  const all = await call('GET', '/jobs')
  t.same(all.json.map((j: { id: number }) => j.id), [ids.own, ids.other, ids.load, ids.validate])
  t.equal(all.headers.get('x-total-count'), '4')
  const page = await call('GET', '/jobs?limit=2&offset=1')
  t.same(page.json.map((j: { id: number }) => j.id), [ids.other, ids.load])
  t.equal(page.headers.get('x-total-count'), '4')
  t.equal((await call('GET', '/jobs?limit=0')).status, 400)
})

t.test("an envelope's jobs, in the order they ran", async (t) => {
  const res = await call('GET', '/envelopes/jobs-env/jobs')
  t.same(res.json.map((j: { id: number }) => j.id), [ids.validate, ids.load])
  t.equal(res.headers.get('x-total-count'), '2')
  t.same((await call('GET', '/envelopes/jobs-env/jobs?offset=1')).json.map((j: { id: number }) => j.id), [ids.load])
  const missing = await call('GET', '/envelopes/nothing-here/jobs')
  t.same([missing.status, missing.json], [404, { message: 'Envelope resource can not be found.' }])
})

t.test('scoping: project tokens see their projects, uploaders their own envelopes', async (t) => {
  const core = await platform.token('viewer', ['CORE'])
  t.same((await call('GET', '/jobs', undefined, core)).json.map((j: { id: number }) => j.id), [ids.load, ids.validate])
  t.equal((await call('GET', `/jobs/${ids.validate}`, undefined, core)).status, 200, 'project inherited from the envelope')
  const hidden = await call('GET', `/jobs/${ids.other}`, undefined, core)
  t.same([hidden.status, hidden.json], [404, { message: 'Job resource can not be found.' }])
  const other = await platform.token('viewer', ['OTHER'])
  t.same((await call('GET', '/jobs', undefined, other)).json.map((j: { id: number }) => j.id), [ids.other])
  t.equal((await call('GET', '/envelopes/jobs-env/jobs', undefined, other)).status, 404)
  t.same((await call('GET', '/jobs', undefined, custodian)).json.map((j: { id: number }) => j.id), [ids.own])
  t.same((await call('GET', '/envelopes/own-upload/jobs', undefined, custodian)).json.map((j: { id: number }) => j.id), [ids.own])
})

t.test('no token is 401 everywhere', async (t) => {
  for (const path of ['/jobs', `/jobs/${ids.load}`, '/envelopes/jobs-env/jobs']) {
    const res = await call('GET', path, undefined, null)
    t.same([res.status, res.json], [401, UNAUTHORIZED], path)
  }
})

t.test('internal job routes refuse every principal but the system one', async (t) => {
  const adminUser = { tokenId: 'tok-1', name: 'an admin', role: 'admin' as const, projects: [] }
  const custodianUser = { tokenId: 'tok-2', name: 'a custodian', role: 'custodian' as const, projects: ['CORE'] }
  for (const p of [adminUser, custodianUser]) {
    t.equal((await worker('POST', '/internal/jobs', { name: 'Sneaky' }, p)).status, 401)
    t.equal((await worker('PUT', `/internal/jobs/${ids.validate}`, { state: 'Failed' }, p)).status, 401)
  }
  const unsigned = await fetch(`${platform.services.envelopes.url}/internal/jobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' })
  t.equal(unsigned.status, 401)
  t.equal((await call('POST', '/internal/jobs', { name: 'x' })).status, 404, 'the gateway does not route internal calls')
  t.equal((await call('GET', `/jobs/${ids.validate}`)).json.state, 'Processing', 'nothing changed')
})
