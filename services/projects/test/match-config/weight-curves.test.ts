import t from 'tap'
import { api } from '@ligature/testkit'
import { caller, curveBody, projectBody, startPlatform, strategyBody, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
await call('POST', '/projects', projectBody('CURVES'))
await call('POST', '/projects', projectBody('ELSE'))
const base = '/projects/CURVES/matchconfig/weightcurves'
const manager = await platform.token('manager', ['CURVES'])
const viewer = await platform.token('viewer', ['CURVES'])
const otherManager = await platform.token('manager', ['ELSE'])

t.test('create, read, list, update and delete a weight curve', async (t) => {
  const created = await call('POST', base, curveBody('SURNJW'), manager)
  t.equal(created.status, 201)
  t.match(created.json, { ...curveBody('SURNJW'), weightCurveId: Number, version: String, lastModified: String })
  const list = await call('GET', `${base}?offset=2`, undefined, viewer)
  t.equal(list.headers.get('x-total-count'), '3', 'two default curves and the new one')
  t.same(list.json.map((c: { code: string }) => c.code), ['SURNJW'])
  const id = created.json.weightCurveId
  t.same((await call('GET', `${base}/${id}`, undefined, viewer)).json, created.json)
  const { weightCurveId: _i, lastModified: _l, version, ...body } = created.json
  t.equal((await call('PUT', `${base}/${id}`, { ...body, name: 'Surnames', version }, manager)).status, 204)
  const after = (await call('GET', `${base}/${id}`)).json
  t.equal(after.name, 'Surnames')
  t.not(after.version, version)
  const stale = await call('PUT', `${base}/${id}`, { ...body, version })
  t.same([stale.status, stale.json], [409, { message: 'The resource was modified by someone else. Read it again and retry.' }])
  t.equal((await call('DELETE', `${base}/${id}`, undefined, manager)).status, 204)
  t.same((await call('GET', `${base}/${id}`)).json, { message: 'Weight curve resource can not be found.' })
  t.equal((await call('DELETE', `${base}/${id}`)).status, 404)
  t.equal((await call('PUT', `${base}/${id}`, body)).status, 404)
})

t.test('create errors: ranges, order, duplicates, code', async (t) => {
  const bad = async (body: unknown, path: string) => {
    const res = await call('POST', base, body)
    t.same([res.status, res.json.message], [400, 'Unable to create the weight curve.'], path)
    t.match(res.json.errors, [{ path }], path)
  }
  const p = (distance: number, weightProportion: number) => ({ distance, weightProportion })
  await bad(curveBody('OUT', { points: [p(0, 0), p(1.5, 1)] }), '/points/1/distance')
  await bad(curveBody('NEG', { points: [p(-0.1, 0), p(1, 1)] }), '/points/0/distance')
  await bad(curveBody('PROP', { points: [p(0, 0), p(1, 1.2)] }), '/points/1/weightProportion')
  await bad(curveBody('ONE', { points: [p(1, 1)] }), '/points')
  await bad(curveBody('UNSORTED', { points: [p(0.5, 0), p(0.2, 1)] }), '/points/1/distance')
  await bad(curveBody('TWIN', { points: [p(0.5, 0), p(0.5, 1)] }), '/points/1/distance')
  await bad(curveBody('C'.repeat(21)), '/code')
  await bad(curveBody('NAMEJW'), '/code')
  const garbage = await api(platform.url, 'POST', `/api/v3.3${base}`, { token: platform.adminToken, raw: 'x', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'Unable to create the weight curve.' }])
  t.equal((await call('POST', '/projects/NOPE/matchconfig/weightcurves', curveBody('X'))).status, 404)
})

t.test('a curve in use keeps its code and cannot be deleted', async (t) => {
  const curve = (await call('POST', base, curveBody('USED'))).json
  const mf = { ...strategyBody().matchingFields[0]!, weightCurveCode: 'USED' }
  t.equal((await call('POST', '/projects/CURVES/matchconfig/strategies', strategyBody({ name: 'Uses USED', matchingFields: [mf] }))).status, 201)
  const renamed = await call('PUT', `${base}/${curve.weightCurveId}`, curveBody('RENAMED'))
  t.same([renamed.status, renamed.json.message], [400, 'Could not parse the request body.'])
  t.match(renamed.json.errors, [{ path: '/code', message: /Uses USED/ }])
  const del = await call('DELETE', `${base}/${curve.weightCurveId}`)
  t.same([del.status, del.json.message], [400, 'The request is not valid.'])
  const unsorted = await call('PUT', `${base}/${curve.weightCurveId}`, curveBody('USED', { points: [{ distance: 1, weightProportion: 1 }, { distance: 0, weightProportion: 0 }] }))
  t.same([unsorted.status, unsorted.json.message], [400, 'Could not parse the request body.'])
  const taken = await call('PUT', `${base}/${curve.weightCurveId}`, curveBody('POSTCODE'))
  t.equal(taken.status, 400)
})

t.test('permissions: no token, another project, viewer', async (t) => {
  const c = (await call('GET', base)).json[0]
  for (const [method, path, body] of [['GET', base], ['GET', `${base}/${c.weightCurveId}`], ['POST', base, curveBody('N')],
    ['PUT', `${base}/${c.weightCurveId}`, curveBody('N')], ['DELETE', `${base}/${c.weightCurveId}`]] as const) {
    t.same((await call(method, path, body, null)).json, UNAUTHORIZED, `${method} ${path} without a token`)
  }
  t.equal((await call('GET', base, undefined, otherManager)).status, 404)
  t.equal((await call('GET', `${base}/${c.weightCurveId}`, undefined, otherManager)).status, 404)
  t.same((await call('POST', base, curveBody('N'), otherManager)).json, UNAUTHORIZED)
  t.same((await call('PUT', `${base}/${c.weightCurveId}`, curveBody('N'), otherManager)).json, UNAUTHORIZED)
  t.same((await call('DELETE', `${base}/${c.weightCurveId}`, undefined, otherManager)).json, UNAUTHORIZED)
  t.same((await call('DELETE', `${base}/${c.weightCurveId}`, undefined, viewer)).json, UNAUTHORIZED)
})
