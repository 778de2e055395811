import t from 'tap'
import { buildEnvelope, startPlatform, uploadEnvelope } from '@ligature/testkit'
import { caller, createProject, expectStatus, internal, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const worker = internal(platform)
const core = await createProject(platform, 'CORE')
const other = await createProject(platform, 'OTHER')
const zip = buildEnvelope({ project: 'CORE', sender: 'WAHEALTH', files: [{ fileName: 'd.csv', eventTypeCode: 'HMDS', content: 'rec_id\n1\n' }] })
// Three CORE envelopes (validated by the worker into the project), one OTHER, one not yet validated.
for (const [name, project] of [['core-1', 'CORE'], ['core-2', 'CORE'], ['core-3', 'CORE'], ['other-1', 'OTHER'], ['pending-1', null]] as const) {
  await expectStatus(uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip), 201)
  if (project) await expectStatus(worker('PUT', `/internal/envelopes/${name}/state`, { status: 2, type: 1, projectCode: project }), 200)
}
const names = (res: { json: { name: string }[] }) => res.json.map((e) => e.name).sort()

t.test('by project code or numeric id, only that project\'s envelopes', async (t) => {
  const byCode = await call('GET', '/projects/CORE/envelopes')
  t.equal(byCode.status, 200)
  t.same(names(byCode), ['core-1', 'core-2', 'core-3'])
  t.equal(byCode.headers.get('x-total-count'), '3')
  const byId = await call('GET', `/projects/${core.id}/envelopes`)
  t.same(names(byId), ['core-1', 'core-2', 'core-3'])
  t.same(names(await call('GET', `/projects/${other.id}/envelopes`)), ['other-1'])
  const page = await call('GET', '/projects/CORE/envelopes?limit=2&offset=2')
  t.same([page.json.length, page.headers.get('x-total-count')], [1, '3'])
})

t.test('unknown ids and projects out of scope are 404 Project', async (t) => {
  const notFound = { message: 'Project resource can not be found.' }
  t.same((await call('GET', '/projects/999999/envelopes')).json, notFound)
  t.same((await call('GET', '/projects/0/envelopes')).json, notFound)
  const viewer = await platform.token('viewer', ['OTHER'])
  for (const ref of ['CORE', String(core.id)]) {
    const res = await call('GET', `/projects/${ref}/envelopes`, undefined, viewer)
    t.same([res.status, res.json], [404, notFound], ref)
  }
  t.same(names(await call('GET', `/projects/${other.id}/envelopes`, undefined, viewer)), ['other-1'])
  t.same((await call('GET', '/projects/CORE/envelopes', undefined, null)).json, UNAUTHORIZED)
})
