import t from 'tap'
import { caller, projectBody, startPlatform, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const project = (await call('POST', '/projects', projectBody('FIELDS'))).json

t.test('a project lists its copy of the default linkage fields', async (t) => {
  const viewer = await platform.token('viewer', ['FIELDS'])
  const res = await call('GET', '/projects/FIELDS/linkagefields', undefined, viewer)
  t.equal(res.status, 200)
  t.equal(res.headers.get('x-total-count'), '11')
  t.same(res.json.map((f: { name: string }) => f.name), ['sourceUniqueId', 'jurisdictionalLinkageKey', 'surname', 'givenName',
    'middleName', 'dateOfBirth', 'sex', 'addressLine', 'suburb', 'state', 'postcode'])
  t.same(res.json[0], { name: 'sourceUniqueId', displayName: 'Source Unique ID', maxLength: 64, canSpecifyFormat: false, formatHint: null })
  t.same(res.json[5], { name: 'dateOfBirth', displayName: 'Date of Birth', maxLength: 10, canSpecifyFormat: true, formatHint: 'yyyy-MM-dd, dd/MM/yyyy, yyyyMMdd' })
  const page = await call('GET', `/projects/${project.id}/linkagefields?limit=2&offset=9`)
  t.same(page.json.map((f: { name: string }) => f.name), ['state', 'postcode'])
})

t.test('errors and scope', async (t) => {
  t.same((await call('GET', '/projects/NOPE/linkagefields')).json, { message: 'Project resource can not be found.' })
  t.equal((await call('GET', '/projects/FIELDS/linkagefields', undefined, await platform.token('admin'))).status, 200)
  t.equal((await call('GET', '/projects/FIELDS/linkagefields', undefined, await platform.token('manager', ['OTHER']))).status, 404)
  t.same((await call('GET', '/projects/FIELDS/linkagefields', undefined, null)).json, UNAUTHORIZED)
  t.equal((await call('GET', '/projects/FIELDS/linkagefields?limit=0')).status, 400)
})
