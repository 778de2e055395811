import t from 'tap'
import { sql } from 'kysely'
import { api } from '@ligature/testkit'
import { caller, projectBody, startPlatform, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const db = platform.services.projects.db
const schemaExists = async (name: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from information_schema.schemata where schema_name = ${name}`.execute(db)).rows[0]!.n === 1
const memberEvents = async (code: string) =>
  (await db.selectFrom('outbox').select('payload').where('subject', '=', 'ligature.projects.project.members-changed').orderBy('id').execute())
    .map((r) => (r.payload as { data: { projectCode: string } }).data).filter((d) => d.projectCode === code)

t.test('create answers 201 with the project, its record schema and a members event', async (t) => {
  const created = await call('POST', '/projects', projectBody('CORE'))
  t.equal(created.status, 201)
  t.match(created.json, { ...projectBody('CORE'), id: Number, version: String, lastModified: String })
  t.ok(await schemaExists(`project_${created.json.id}`), 'the physical schema exists')
  t.same(await memberEvents('CORE'), [{ projectCode: 'CORE', isActive: true, eventTypeIds: [1] }])
  const minimal = await call('POST', '/projects', { code: 'MIN', name: 'Minimal', description: 'Only required fields', eventTypeMembers: [] })
  t.equal(minimal.status, 201)
  t.match(minimal.json, { isActive: true, groupConfig: { groupStrategy: 'MergeOnDisk' }, projectLinks: [], notificationEmail: null }, 'a new project merges by default')
})

t.test('a new project has the default strategies and linkage fields', async (t) => {
  const config = await call('GET', '/projects/CORE/matchconfig')
  t.equal(config.status, 200)
  t.match(config.json, { matchProvider: 'Standard', logType: 1 })
  t.same(config.json.strategies.map((s: { name: string }) => s.name), ['Date of Birth', 'Surname and given name', 'Given name and postcode', 'Address'])
  t.same(config.json.strategies[0].blockingFields.map((b: { matchProviderFieldName: string }) => b.matchProviderFieldName), ['doby', 'dobm', 'dobd', 'sex'])
  t.same(config.json.weightCurves.map((c: { code: string }) => c.code), ['POSTCODE', 'NAMEJW'])
  const tf = config.json.strategies[0].matchingFields.filter((f: { termFrequencyAdjustment?: boolean }) => f.termFrequencyAdjustment)
  t.same(tf.map((f: { matchProviderFieldName: string }) => f.matchProviderFieldName), ['givenName', 'surname'], 'names adjust for term frequencies')
  const levelled = config.json.strategies[0].matchingFields.filter((f: { levels?: unknown[] }) => f.levels)
    .map((f: { matchProviderFieldName: string; levels: { comparisonTypeName: string; comparisonTypeProperties: unknown[] }[] }) =>
      [f.matchProviderFieldName, f.levels.map((l) => [l.comparisonTypeName, l.comparisonTypeProperties])])
  t.same(levelled, [
    ['givenName', [['JaroWinkler', [{ name: 'threshold', value: '0.88' }]]]],
    ['surname', [['JaroWinkler', [{ name: 'threshold', value: '0.88' }]]]],
    ['dateOfBirth', [['Date', [{ name: 'allowDayMonthSwap', value: 'true' }, { name: 'digitTypos', value: '1' }]], ['Date', [{ name: 'toleranceDays', value: '366' }]]]],
  ], 'names and dates have lower levels')
  const fields = await call('GET', '/projects/CORE/linkagefields')
  t.equal(fields.headers.get('x-total-count'), '11')
  t.match(fields.json[5], { name: 'dateOfBirth', maxLength: 10, canSpecifyFormat: true })
})

t.test('create errors', async (t) => {
  const invalid = await call('POST', '/projects', { ...projectBody('BAD'), code: 'X'.repeat(21) })
  t.equal(invalid.status, 400)
  t.equal(invalid.json.message, 'Unable to create the linkage project.')
  t.match(invalid.json.errors, [{ path: '/code' }])
  const garbage = await api(platform.url, 'POST', '/api/v3.3/projects', { token: platform.adminToken, raw: '{', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'Unable to create the linkage project.' }])
  const twice = await call('POST', '/projects', projectBody('TWICE', { eventTypeMembers: [{ eventTypeId: 4, code: 'A' }, { eventTypeId: 4, code: 'A' }] }))
  t.equal(twice.status, 400)
  t.match(twice.json.errors, [{ path: '/eventTypeMembers/1/eventTypeId' }])
  const link = await call('POST', '/projects', projectBody('LINK', { projectLinks: [{ projectId: 9999, eventTypeMembers: [] }] }))
  t.equal(link.status, 400)
  t.match(link.json.errors, [{ path: '/projectLinks/0/projectId' }])
  const dup = await call('POST', '/projects', projectBody('CORE'))
  t.same([dup.status, dup.json], [409, { message: 'Linkage project code is already used.' }])
  t.same((await call('POST', '/projects', projectBody('NOTOKEN'), null)).json, UNAUTHORIZED)
  t.equal((await call('POST', '/projects', projectBody('MGR'), await platform.token('manager', ['MGR']))).status, 401)
})

t.test('list and get respect the token scope', async (t) => {
  await call('POST', '/projects', projectBody('2024'))
  const all = await call('GET', '/projects?limit=2&offset=1')
  t.equal(all.status, 200)
  t.equal(all.headers.get('x-total-count'), '3')
  t.same(all.json.map((p: { code: string }) => p.code), ['MIN', '2024'])
  const viewer = await platform.token('viewer', ['CORE'])
  t.same((await call('GET', '/projects', undefined, viewer)).json.map((p: { code: string }) => p.code), ['CORE'])
  const other = await platform.token('viewer', ['OTHER'])
  t.same((await call('GET', '/projects', undefined, other)).json, [])
  t.equal((await call('GET', '/projects', undefined, null)).status, 401)

  const core = (await call('GET', '/projects/CORE', undefined, viewer)).json
  t.same((await call('GET', `/projects/${core.id}`, undefined, viewer)).json, core)
  t.same((await call('GET', '/projects/2024?byCode=true')).json.code, '2024')
  t.same((await call('GET', '/projects/2024')).json, { message: 'Project resource can not be found.' }, 'numeric means id')
  t.equal((await call('GET', '/projects/CORE', undefined, other)).status, 404)
  t.equal((await call('GET', '/projects/99999999999')).status, 404)
  t.same((await call('GET', '/projects/CORE', undefined, null)).json, UNAUTHORIZED)
})

t.test('update: version, conflicts and permissions', async (t) => {
  const read = (await call('GET', '/projects/CORE')).json
  const { id, lastModified: _l, version, ...body } = read
  const ok = await call('PUT', `/projects/${id}`, { ...body, name: 'Core linkage', groupConfig: { groupStrategy: 'MergeOnDisk' }, version })
  t.equal(ok.status, 204)
  const after = (await call('GET', '/projects/CORE')).json
  t.match(after, { name: 'Core linkage', groupConfig: { groupStrategy: 'MergeOnDisk' } })
  t.not(after.version, version)
  const stale = await call('PUT', `/projects/${id}`, { ...body, name: 'Lost', version })
  t.same([stale.status, stale.json], [409, { message: 'The resource was modified by someone else. Read it again and retry.' }])
  const garbage = await api(platform.url, 'PUT', `/api/v3.3/projects/${id}`, { token: platform.adminToken, raw: '{', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'Could not parse the request body.' }])
  const invalid = await call('PUT', `/projects/${id}`, { ...body, name: '' })
  t.same([invalid.status, invalid.json.message], [400, 'Could not parse the request body.'])
  const self = await call('PUT', `/projects/${id}`, { ...body, projectLinks: [{ projectId: id, eventTypeMembers: [] }] })
  t.match(self.json.errors, [{ path: '/projectLinks/0/projectId', message: 'a project cannot link to itself' }])
  t.same((await call('PUT', `/projects/${id}`, { ...body, code: 'MIN' })).json, { message: 'Linkage project code is already used.' })
  t.equal((await call('PUT', '/projects/NOPE', body)).status, 404)
  t.same((await call('PUT', `/projects/${id}`, body, await platform.token('viewer', ['CORE']))).json, UNAUTHORIZED)
  t.same((await call('PUT', `/projects/${id}`, body, await platform.token('manager', ['OTHER']))).json, UNAUTHORIZED)
  t.equal((await call('PUT', `/projects/${id}`, body, null)).status, 401)
  const manager = await platform.token('manager', ['CORE'])
  t.equal((await call('PUT', `/projects/${id}`, { ...body, eventTypeMembers: [{ eventTypeId: 2, code: 'DEATHS' }] }, manager)).status, 204)
  t.same((await memberEvents('CORE')).at(-1), { projectCode: 'CORE', isActive: true, eventTypeIds: [2] })
})

t.test('renaming withdraws the old code from the registry projection', async (t) => {
  const min = (await call('GET', '/projects/MIN')).json
  t.equal((await call('PUT', `/projects/${min.id}`, { code: 'MINI', name: min.name, description: min.description, eventTypeMembers: [{ eventTypeId: 3, code: 'X' }] })).status, 204)
  t.same((await memberEvents('MIN')).at(-1), { projectCode: 'MIN', isActive: false, eventTypeIds: [] })
  t.same((await memberEvents('MINI')).at(-1), { projectCode: 'MINI', isActive: true, eventTypeIds: [3] })
})

t.test('delete only inactive projects; the record schema remains', async (t) => {
  const p = (await call('POST', '/projects', projectBody('GONE'))).json
  const active = await call('DELETE', `/projects/${p.id}`)
  t.same([active.status, active.json], [400, { message: 'Unable to delete project. Verify project is inactive.' }])
  t.equal((await call('PUT', `/projects/${p.id}`, { ...projectBody('GONE'), isActive: false })).status, 204)
  t.same((await call('DELETE', `/projects/${p.id}`, undefined, await platform.token('manager', ['GONE']))).json, UNAUTHORIZED)
  t.equal((await call('DELETE', `/projects/${p.id}`, undefined, null)).status, 401)
  t.equal((await call('DELETE', `/projects/${p.id}`)).status, 204)
  t.equal((await call('GET', `/projects/${p.id}`)).status, 404)
  t.equal((await call('DELETE', `/projects/${p.id}`)).status, 404)
  t.ok(await schemaExists(`project_${p.id}`), 'record data stays')
  t.same((await memberEvents('GONE')).at(-1), { projectCode: 'GONE', isActive: false, eventTypeIds: [] })
})
