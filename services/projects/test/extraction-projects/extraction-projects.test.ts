import t from 'tap'
import { api } from '@ligature/testkit'
import { caller, projectBody, startPlatform, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const core = (await call('POST', '/projects', projectBody('CORE'))).json
const other = (await call('POST', '/projects', projectBody('OTHER'))).json
const manager = await platform.token('manager', ['CORE'])
const viewer = await platform.token('viewer', ['CORE'])
const now = new Date()
const prefix = `E${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`
const body = (code: string, projectId = core.id) => ({ projectId, code, description: `Extraction ${code}`, useEnduringLinkageKeys: false })

t.test('create, read and list extraction projects', async (t) => {
  const created = await call('POST', '/extractionprojects', { ...body('STUDY-1'), id: 'IGNORED' }, manager)
  t.equal(created.status, 201)
  t.match(created.json, { ...body('STUDY-1'), id: `${prefix}0001`, version: String, lastModified: String })
  t.same((await call('GET', `/extractionprojects/${created.json.id}`, undefined, viewer)).json, created.json)
  await call('POST', '/extractionprojects', { ...body('ENDURING', other.id), useEnduringLinkageKeys: true })
  const all = await call('GET', '/extractionprojects')
  t.equal(all.headers.get('x-total-count'), '2')
  t.same((await call('GET', '/extractionprojects', undefined, viewer)).json.map((e: { code: string }) => e.code), ['STUDY-1'])
  const ofProject = await call('GET', `/projects/${other.id}/extractionprojects`)
  t.same(ofProject.json.map((e: { code: string; useEnduringLinkageKeys: boolean }) => [e.code, e.useEnduringLinkageKeys]), [['ENDURING', true]])
  t.same((await call('GET', '/projects/CORE/extractionprojects?limit=1', undefined, viewer)).json.map((e: { code: string }) => e.code), ['STUDY-1'])
})

t.test('errors', async (t) => {
  const dup = await call('POST', '/extractionprojects', body('STUDY-1'))
  t.same([dup.status, dup.json], [409, { message: 'Extraction project code already used.' }])
  const invalid = await call('POST', '/extractionprojects', { ...body('X'), code: 'C'.repeat(61) })
  t.same([invalid.status, invalid.json.message], [400, 'The request is not valid.'])
  const garbage = await api(platform.url, 'POST', '/api/v3.3/extractionprojects', { token: platform.adminToken, raw: '{', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'The request is not valid.' }])
  const noProject = await call('POST', '/extractionprojects', body('ORPHAN', 424242))
  t.match(noProject.json, { message: 'The request is not valid.', errors: [{ path: '/projectId' }] })
  t.same((await call('GET', '/extractionprojects/E2000010001')).json, { message: 'Extraction project resource can not be found.' })
  t.same((await call('GET', '/projects/NOPE/extractionprojects')).json, { message: 'Project resource can not be found.' })
})

t.test('permissions', async (t) => {
  const created = (await call('GET', '/extractionprojects', undefined, viewer)).json[0]
  for (const [method, path, b] of [['GET', '/extractionprojects'], ['GET', `/extractionprojects/${created.id}`], ['GET', '/projects/CORE/extractionprojects'],
    ['POST', '/extractionprojects', body('NOTOKEN')]] as const) {
    t.same((await call(method, path, b, null)).json, UNAUTHORIZED, `${method} ${path} without a token`)
  }
  const outsider = await platform.token('manager', ['OTHER'])
  t.equal((await call('GET', `/extractionprojects/${created.id}`, undefined, outsider)).status, 404)
  t.equal((await call('GET', '/projects/CORE/extractionprojects', undefined, outsider)).status, 404)
  t.same((await call('POST', '/extractionprojects', body('NOSCOPE'), outsider)).json, UNAUTHORIZED)
  t.same((await call('POST', '/extractionprojects', body('VIEWER'), viewer)).json, UNAUTHORIZED)
})

t.test('20 parallel creates get 20 distinct, consecutive ids', async (t) => {
  const before = Number(((await call('GET', '/extractionprojects?limit=1000')).json as { id: string }[]).at(-1)!.id.slice(7))
  const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call('POST', '/extractionprojects', body(`PARALLEL-${i}`), manager)))
  t.same(results.map((r) => r.status), Array(20).fill(201))
  const ids = results.map((r) => r.json.id as string).sort()
  t.equal(new Set(ids).size, 20)
  t.same(ids, Array.from({ length: 20 }, (_, i) => `${prefix}${String(before + 1 + i).padStart(4, '0')}`))
  const clash = await Promise.all([call('POST', '/extractionprojects', body('SAME')), call('POST', '/extractionprojects', body('SAME'))])
  t.same(clash.map((r) => r.status).sort(), [201, 409])
  const next = await call('POST', '/extractionprojects', body('AFTER-CLASH'))
  t.equal(next.json.id, `${prefix}${String(before + 22).padStart(4, '0')}`, 'a refused create gives its number back')
})
