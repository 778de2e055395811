import t from 'tap'
import { api, startPlatform } from '@ligature/testkit'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = (method: string, path: string, body?: unknown, token = platform.adminToken) =>
  api(platform.url, method, `/api/v3.3${path}`, { token, ...(body === undefined ? {} : { body }) })

const provider = { code: 'WAHEALTH', organisation: 'WA Department of Health', contactName: 'Data Custodian', email: 'custodian@health.example.org', phone: '+61 8 9222 4222' }

t.test('create, list, read and update a data provider', async (t) => {
  const created = await call('POST', '/dataproviders', provider)
  t.equal(created.status, 201)
  t.match(created.json, { ...provider, id: Number, version: String, lastModified: String, markedForDeletion: false })
  const id = created.json.id

  const list = await call('GET', '/dataproviders')
  t.equal(list.status, 200)
  t.equal(list.headers.get('x-total-count'), '1')
  t.same(list.json.map((p: { id: number }) => p.id), [id])

  const read = await call('GET', `/dataproviders/${id}`)
  t.same(read.json, created.json)

  const updated = await call('PUT', `/dataproviders/${id}`, { ...provider, organisation: 'WA Health', version: read.json.version })
  t.equal(updated.status, 204)
  t.equal(updated.text, '')
  const after = await call('GET', `/dataproviders/${id}`)
  t.equal(after.json.organisation, 'WA Health')
  t.not(after.json.version, read.json.version, 'the version changes on every update')
})

t.test('a stale version changes nothing and answers 409', async (t) => {
  const created = await call('POST', '/dataproviders', { ...provider, code: 'STALE' })
  const v1 = created.json.version
  t.equal((await call('PUT', `/dataproviders/${created.json.id}`, { ...provider, code: 'STALE', phone: null, version: v1 })).status, 204)
  const stale = await call('PUT', `/dataproviders/${created.json.id}`, { ...provider, code: 'STALE', organisation: 'Lost update', version: v1 })
  t.equal(stale.status, 409)
  t.same(stale.json, { message: 'The resource was modified by someone else. Read it again and retry.' })
  const kept = await call('GET', `/dataproviders/${created.json.id}`)
  t.not(kept.json.organisation, 'Lost update')
  t.equal(kept.json.phone, null, 'a null sent in a body stays null (bodies are never type-coerced)')
})

t.test('validation failures get 400 with a clear message', async (t) => {
  const tooLong = await call('POST', '/dataproviders', { ...provider, code: 'X'.repeat(16) })
  t.equal(tooLong.status, 400)
  t.equal(tooLong.json.message, 'The request is not valid.')
  t.match(tooLong.json.errors, [{ path: '/code' }])
  const missing = await call('POST', '/dataproviders', { code: 'NOORG', contactName: 'A', email: 'a@b.c' })
  t.equal(missing.status, 400)
  t.match(missing.json.errors, [{ path: '/organisation' }])
  const extra = await call('POST', '/dataproviders', { ...provider, code: 'EXTRA', colour: 'blue' })
  t.equal(extra.status, 400)
  const garbage = await api(platform.url, 'PUT', '/api/v3.3/dataproviders/1', { token: platform.adminToken, raw: '{not json', headers: { 'content-type': 'application/json' } })
  t.equal(garbage.status, 400)
  t.same(garbage.json, { message: 'Could not parse the request body.' })
})

t.test('a duplicate code is 409', async (t) => {
  const again = await call('POST', '/dataproviders', provider)
  t.equal(again.status, 409)
  t.same(again.json, { message: 'Data provider code is already used.' })
})

t.test('an unknown id is 404 with the resource named', async (t) => {
  const res = await call('GET', '/dataproviders/999999')
  t.equal(res.status, 404)
  t.same(res.json, { message: 'Data provider resource can not be found.' })
  t.equal((await call('PUT', '/dataproviders/999999', provider)).status, 404)
})

t.test('a token scoped to another project sees no providers', async (t) => {
  const other = await platform.token('viewer', ['OTHER'])
  const res = await call('GET', '/dataproviders', undefined, other)
  t.equal(res.status, 200)
  t.same(res.json, [])
  const one = await call('GET', '/dataproviders', undefined, platform.adminToken)
  t.equal((await call('GET', `/dataproviders/${one.json[0].id}`, undefined, other)).status, 404)
})

t.test('deleting marks the provider and stays readable', async (t) => {
  const created = await call('POST', '/dataproviders', { ...provider, code: 'DOOMED' })
  t.equal((await call('DELETE', `/dataproviders/${created.json.id}`)).status, 204)
  const read = await call('GET', `/dataproviders/${created.json.id}`)
  t.equal(read.json.markedForDeletion, true)
})
