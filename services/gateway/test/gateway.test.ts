import t from 'tap'
import { api, startPlatform } from '@ligature/testkit'
import { routeTable, toOpenApiPath } from '@ligature/contracts'
import type { GatewayDb } from '@ligature/gateway/db'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = (method: string, path: string, opts?: Parameters<typeof api>[3]) => api(platform.url, method, path, opts)

t.test('a missing or bad token gets 401 with the catalogue message', async (t) => {
  for (const token of [undefined, 'lig_not-a-token']) {
    const res = await call('GET', '/api/v3.3/dataproviders', token ? { token } : {})
    t.equal(res.status, 401)
    t.same(res.json, { message: 'User does not have required permissions.' })
  }
  const malformed = await call('GET', '/api/v3.3/dataproviders', { headers: { authorization: 'Basic abc' } })
  t.equal(malformed.status, 401)
})

t.test('an unknown API version is a clear 404', async (t) => {
  const res = await call('GET', '/api/v9.9/dataproviders', { token: platform.adminToken })
  t.equal(res.status, 404)
  t.same(res.json, { message: 'API version 9.9 is not supported.' })
})

t.test('the version defaults to 3.3', async (t) => {
  const res = await call('GET', '/api/dataproviders', { token: platform.adminToken })
  t.equal(res.status, 200)
  t.same(res.json, [])
})

t.test('an unknown route under a known version is 404', async (t) => {
  const res = await call('GET', '/api/v3.3/nothing-here', { token: platform.adminToken })
  t.equal(res.status, 404)
  t.match(res.json.message, /not found/)
})

t.test('a role below the route table\'s role gets 401', async (t) => {
  const viewer = await platform.token('viewer', ['CORE'])
  const res = await call('POST', '/api/v3.3/dataproviders', {
    token: viewer, body: { code: 'X', organisation: 'X', contactName: 'X', email: 'x@example.org' },
  })
  t.equal(res.status, 401)
})

t.test('a revoked or expired token stops working', async (t) => {
  const { createToken } = await import('@ligature/gateway/tokens')
  const { createDb } = await import('@ligature/service-kit')
  const db = createDb<GatewayDb>({ databaseUrl: platform.databaseUrl, schema: 'gateway', poolSize: 1 })
  t.teardown(() => db.destroy())
  const expired = await createToken(db, { name: 'old', role: 'admin', projects: [], expiresAt: new Date(Date.now() - 1000) })
  t.equal((await call('GET', '/api/v3.3/dataproviders', { token: expired.token })).status, 401)
})

t.test('the OpenAPI document is served and lists every call', async (t) => {
  const res = await call('GET', '/api/v3.3/openapi.json')
  t.equal(res.status, 200)
  t.equal(res.json.openapi, '3.1.0')
  for (const r of routeTable) t.ok(res.json.paths[toOpenApiPath(r.path)]?.[r.method.toLowerCase()], `${r.method} ${r.path}`)
  const same = await call('GET', '/openapi.json')
  t.same(same.json, res.json)
})

t.test('health and readiness', async (t) => {
  t.equal((await call('GET', '/healthz')).status, 200)
  t.equal((await call('GET', '/readyz')).status, 200)
})

t.test('services refuse calls that do not come through the gateway', async (t) => {
  const direct = await api(platform.services.registry.url, 'GET', '/dataproviders')
  t.equal(direct.status, 401)
  const forged = await api(platform.services.registry.url, 'GET', '/dataproviders', { headers: { 'x-ligature-principal': 'e30.forged' } })
  t.equal(forged.status, 401)
})
