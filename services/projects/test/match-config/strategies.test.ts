import t from 'tap'
import { api } from '@ligature/testkit'
import { caller, projectBody, startPlatform, strategyBody, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
await call('POST', '/projects', projectBody('MATCH'))
await call('POST', '/projects', projectBody('ELSE'))
const base = '/projects/MATCH/matchconfig/strategies'
const manager = await platform.token('manager', ['MATCH'])
const viewer = await platform.token('viewer', ['MATCH'])
const otherManager = await platform.token('manager', ['ELSE'])

t.test('create, read, list in order, update and delete a strategy', async (t) => {
  const created = await call('POST', base, strategyBody({ order: 0 }), manager)
  t.equal(created.status, 201)
  t.match(created.json, { id: Number, name: 'Surname and birth year', order: 0, version: String })
  t.same(created.json.blockingFields[1], { id: 2, matchProviderFieldName: 'doby', matchEmpty: false })
  t.match(created.json.matchingFields[1], { id: 2, comparisonTypeProperties: [], agreementWeight: 3.5, disagreementWeight: null, weightCurveCode: null })
  const list = await call('GET', base, undefined, viewer)
  t.equal(list.headers.get('x-total-count'), '5')
  t.same(list.json.map((s: { order: number }) => s.order), [0, 1, 2, 3, 4], 'smallest order first')
  const one = await call('GET', `${base}/${created.json.id}`, undefined, viewer)
  t.same(one.json, created.json)
  const config = await call('GET', '/projects/MATCH/matchconfig', undefined, viewer)
  t.equal(config.json.strategies[0].id, created.json.id)

  const { id, lastModified: _l, version, ...body } = created.json
  t.equal((await call('PUT', `${base}/${id}`, { ...body, order: 9, isActive: false, version }, manager)).status, 204)
  const after = (await call('GET', `${base}/${id}`)).json
  t.match(after, { order: 9, isActive: false })
  t.not(after.version, version)
  const stale = await call('PUT', `${base}/${id}`, { ...body, version }, manager)
  t.same([stale.status, stale.json], [409, { message: 'The resource was modified by someone else. Read it again and retry.' }])
  t.equal((await call('DELETE', `${base}/${id}`, undefined, manager)).status, 204)
  t.same((await call('GET', `${base}/${id}`)).json, { message: 'Match strategy resource can not be found.' })
  t.equal((await call('DELETE', `${base}/${id}`)).status, 404)
})

t.test('create validates against the match provider catalogue', async (t) => {
  const bad = async (over: Record<string, unknown>, path: string) => {
    const res = await call('POST', base, strategyBody(over))
    t.equal(res.status, 400, path)
    t.equal(res.json.message, 'Unable to create the match strategy.')
    t.match(res.json.errors, [{ path }], path)
  }
  const mf = strategyBody().matchingFields[0]!
  await bad({ name: 'N'.repeat(31) }, '/name')
  await bad({ blockingFields: [] }, '/blockingFields')
  await bad({ blockingFields: [{ matchProviderFieldName: 'shoeSize' }] }, '/blockingFields/0/matchProviderFieldName')
  await bad({ matchingFields: [{ ...mf, comparisonTypeName: 'Soundex' }] }, '/matchingFields/0/comparisonTypeName')
  await bad({ matchingFields: [{ ...mf, matchProviderFieldName: 'sex' }] }, '/matchingFields/0/comparisonTypeName')
  await bad({ matchingFields: [{ ...mf, comparisonTypeProperties: [{ name: 'maxDistance', value: '1' }] }] }, '/matchingFields/0/comparisonTypeProperties/0/name')
  await bad({ matchingFields: [{ ...mf, comparisonTypeProperties: [{ name: 'threshold', value: 'high' }] }] }, '/matchingFields/0/comparisonTypeProperties/0/value')
  await bad({ matchingFields: [{ ...mf, matchProbability: 0.01 }] }, '/matchingFields/0/matchProbability')
  await bad({ matchingFields: [{ ...mf, nonMatchProbability: 1 }] }, '/matchingFields/0/nonMatchProbability')
  await bad({ matchingFields: [{ ...mf, weightCurveCode: 'NOCURVE' }] }, '/matchingFields/0/weightCurveCode')
  const garbage = await api(platform.url, 'POST', `/api/v3.3${base}`, { token: platform.adminToken, raw: '[', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'Unable to create the match strategy.' }])
})

t.test('update and not-found errors', async (t) => {
  const s = (await call('POST', base, strategyBody())).json
  const invalid = await call('PUT', `${base}/${s.id}`, strategyBody({ blockingFields: [{ matchProviderFieldName: 'shoeSize' }] }))
  t.same([invalid.status, invalid.json.message], [400, 'Could not parse the request body.'])
  const garbage = await api(platform.url, 'PUT', `/api/v3.3${base}/${s.id}`, { token: platform.adminToken, raw: '{', headers: { 'content-type': 'application/json' } })
  t.same([garbage.status, garbage.json], [400, { message: 'Could not parse the request body.' }])
  t.equal((await call('PUT', `${base}/999999`, strategyBody())).status, 404)
  t.same((await call('GET', '/projects/NOPE/matchconfig/strategies')).json, { message: 'Project resource can not be found.' })
  t.same((await call('GET', '/projects/NOPE/matchconfig')).json, { message: 'Project resource can not be found.' })
  const elseStrategy = (await call('GET', '/projects/ELSE/matchconfig/strategies')).json[0]
  t.equal((await call('GET', `${base}/${elseStrategy.id}`)).status, 404, 'a strategy of another project is not found here')
})

t.test('permissions: no token, another project, viewer', async (t) => {
  const s = (await call('GET', base)).json[0]
  for (const [method, path, body] of [['GET', base], ['GET', `${base}/${s.id}`], ['GET', '/projects/MATCH/matchconfig'],
    ['POST', base, strategyBody()], ['PUT', `${base}/${s.id}`, strategyBody()], ['DELETE', `${base}/${s.id}`]] as const) {
    t.same((await call(method, path, body, null)).json, UNAUTHORIZED, `${method} ${path} without a token`)
  }
  t.equal((await call('GET', base, undefined, otherManager)).status, 404)
  t.equal((await call('GET', '/projects/MATCH/matchconfig', undefined, otherManager)).status, 404)
  t.equal((await call('GET', `${base}/${s.id}`, undefined, otherManager)).status, 404)
  t.same((await call('POST', base, strategyBody(), otherManager)).json, UNAUTHORIZED)
  t.same((await call('PUT', `${base}/${s.id}`, strategyBody(), otherManager)).json, UNAUTHORIZED)
  t.same((await call('DELETE', `${base}/${s.id}`, undefined, otherManager)).json, UNAUTHORIZED)
  t.same((await call('POST', base, strategyBody(), viewer)).json, UNAUTHORIZED)
})

t.test('a Bloom field makes the project use the Privacy provider', async (t) => {
  const bloom = strategyBody({ name: 'Encoded names', matchingFields: [{ matchProviderFieldName: 'surnameBloom', comparisonTypeName: 'Bloom',
    comparisonTypeProperties: [{ name: 'threshold', value: '0.85' }], matchProbability: 0.9, nonMatchProbability: 0.01 }] })
  const created = await call('POST', '/projects/ELSE/matchconfig/strategies', bloom)
  t.equal(created.status, 201)
  t.equal((await call('GET', '/projects/ELSE/matchconfig')).json.matchProvider, 'Privacy')
  t.equal((await call('GET', '/projects/MATCH/matchconfig')).json.matchProvider, 'Standard')
})

t.test('levels and term frequencies (beyond the spec): stored, read back, validated', async (t) => {
  const levelled = { matchProviderFieldName: 'surname', comparisonTypeName: 'Exact', matchProbability: 0.7, nonMatchProbability: 0.01, termFrequencyAdjustment: true,
    levels: [{ comparisonTypeName: 'JaroWinkler', comparisonTypeProperties: [{ name: 'threshold', value: '0.92' }], matchProbability: 0.15, nonMatchProbability: 0.02 },
      { comparisonTypeName: 'Levenshtein', comparisonTypeProperties: [{ name: 'maxDistance', value: '2' }], matchProbability: 0.05, nonMatchProbability: 0.03 }] }
  const dob = { matchProviderFieldName: 'dateOfBirth', comparisonTypeName: 'Date', matchProbability: 0.85, nonMatchProbability: 0.0003,
    levels: [{ comparisonTypeName: 'Date', comparisonTypeProperties: [{ name: 'allowDayMonthSwap', value: 'true' }, { name: 'digitTypos', value: '1' }], matchProbability: 0.08, nonMatchProbability: 0.001 }] }
  const created = await call('POST', base, strategyBody({ name: 'Levels', order: 20, matchingFields: [levelled, dob] }), manager)
  t.equal(created.status, 201, created.text)
  t.match(created.json.matchingFields[0], { termFrequencyAdjustment: true, levels: [{ comparisonTypeName: 'JaroWinkler', agreementWeight: null }, { matchProbability: 0.05 }] })
  t.same(created.json.matchingFields[1].levels[0].comparisonTypeProperties, dob.levels[0]!.comparisonTypeProperties)
  const plain = await call('POST', base, strategyBody({ name: 'Plain', order: 21 }), manager)
  t.notOk('levels' in plain.json.matchingFields[0] || 'termFrequencyAdjustment' in plain.json.matchingFields[0], 'fields without them read back as before')
  const bad = async (field: Record<string, unknown>, path: string) => {
    const res = await call('POST', base, strategyBody({ name: 'Bad', order: 22, matchingFields: [field] }), manager)
    t.equal(res.status, 400, path)
    t.match(res.json.errors, [{ path }], path)
  }
  await bad({ ...levelled, levels: [{ ...levelled.levels[0], matchProbability: 0.4 }] }, '/matchingFields/0/levels')
  await bad({ ...levelled, levels: [{ ...levelled.levels[0], comparisonTypeName: 'Date' }] }, '/matchingFields/0/levels/0/comparisonTypeName')
  await bad({ ...levelled, levels: [{ ...levelled.levels[0], comparisonTypeProperties: [{ name: 'threshold', value: '2' }] }] }, '/matchingFields/0/levels/0/comparisonTypeProperties/0/value')
  await bad({ ...levelled, weightCurveCode: 'NAMEJW' }, '/matchingFields/0/weightCurveCode')
  await bad({ ...dob, levels: [{ ...dob.levels[0], comparisonTypeProperties: [{ name: 'digitTypos', value: '9' }] }] }, '/matchingFields/0/levels/0/comparisonTypeProperties/0/value')
})
