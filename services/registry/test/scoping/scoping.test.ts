import t from 'tap'
import { startPlatform } from '@ligature/testkit'
import { caller, eventTypeBody, membersFeed, namedFormatBody, providerBody, seed } from '../fixtures.js'

const platform = await startPlatform()
const feed = await membersFeed(platform)
t.teardown(async () => { await feed.close(); await platform.close() })
const call = caller(platform)

const core = await seed(platform, 'CORE')
const other = await seed(platform, 'OTHER')
await feed.publish({ projectCode: 'CORE', isActive: true, eventTypeIds: [core.eventTypeId] })
await feed.until('CORE', 1)
const coreViewer = await platform.token('viewer', ['CORE'])
const coreManager = await platform.token('manager', ['CORE'])
const stranger = await platform.token('viewer', ['ELSEWHERE'])

const reads = [
  { path: '/dataproviders', list: true }, { path: `/dataproviders/${core.providerId}` },
  { path: `/dataproviders/${core.providerId}/eventtypes`, list: true }, { path: '/eventtypes', list: true },
  { path: `/eventtypes/${core.eventTypeId}` }, { path: '/importformats', list: true }, { path: `/importformats/${core.formatId}` },
]
const writes: [string, string, unknown?][] = [
  ['POST', '/dataproviders', providerBody('NEWP')], ['PUT', `/dataproviders/${core.providerId}`, providerBody('PCORE')],
  ['DELETE', `/dataproviders/${core.providerId}`],
  ['POST', '/eventtypes', eventTypeBody(core.providerId, 'NEWE')], ['PUT', `/eventtypes/${core.eventTypeId}`, eventTypeBody(core.providerId, 'ECORE')],
  ['DELETE', `/eventtypes/${core.eventTypeId}`],
  ['POST', '/importformats', namedFormatBody('New')], ['PUT', `/importformats/${core.formatId}`, namedFormatBody('Format CORE')],
  ['DELETE', `/importformats/${core.formatId}`],
]
const denied = { message: 'User does not have required permissions.' }

t.test('every call without a token is 401', async (t) => {
  for (const r of reads) t.same(await call('GET', r.path, undefined, null).then((x) => [x.status, x.json]), [401, denied], r.path)
  for (const [m, p, b] of writes) t.same(await call(m, p, b, null).then((x) => [x.status, x.json]), [401, denied], `${m} ${p}`)
})

t.test('a token scoped to another project sees empty lists, 404 for items, 401 for writes', async (t) => {
  for (const r of reads) {
    const res = await call('GET', r.path, undefined, stranger)
    if (r.list && r.path.includes('/dataproviders/')) t.equal(res.status, 404, `${r.path}: the provider itself is not visible`)
    else if (r.list) t.same([res.status, res.json, res.headers.get('x-total-count')], [200, [], '0'], r.path)
    else t.equal(res.status, 404, r.path)
  }
  for (const [m, p, b] of writes) t.same(await call(m, p, b, stranger).then((x) => [x.status, x.json]), [401, denied], `${m} ${p}`)
})

t.test('a member project sees exactly its own items; writes still need admin', async (t) => {
  const ids = (path: string) => call('GET', path, undefined, coreViewer).then((r) => r.json.map((x: { id: number }) => x.id))
  t.same(await ids('/dataproviders'), [core.providerId])
  t.same(await ids('/eventtypes'), [core.eventTypeId])
  t.same(await ids('/importformats'), [core.formatId])
  t.same(await ids(`/dataproviders/${core.providerId}/eventtypes`), [core.eventTypeId])
  for (const r of reads) t.equal((await call('GET', r.path, undefined, coreViewer)).status, 200, r.path)
  for (const path of [`/dataproviders/${other.providerId}`, `/eventtypes/${other.eventTypeId}`, `/importformats/${other.formatId}`]) {
    t.equal((await call('GET', path, undefined, coreViewer)).status, 404, path)
  }
  for (const [m, p, b] of writes) t.equal((await call(m, p, b, coreManager)).status, 401, `manager: ${m} ${p}`)
})

t.test('an administrator sees everything', async (t) => {
  t.equal((await call('GET', '/eventtypes')).json.length, 2)
  t.equal((await call('GET', '/importformats')).json.length, 2)
  t.equal((await call('GET', `/eventtypes/${other.eventTypeId}`)).status, 200)
})

t.test('members events replace the list; older or malformed events change nothing', async (t) => {
  const now = Date.now()
  await feed.publish({ projectCode: 'CORE', isActive: true, eventTypeIds: [core.eventTypeId, other.eventTypeId] })
  t.same((await feed.until('CORE', 2)).sort(), [core.eventTypeId, other.eventTypeId].sort())
  t.equal((await call('GET', '/eventtypes', undefined, coreViewer)).json.length, 2)
  // An event that occurred before the last applied one (a late redelivery) is ignored.
  const db = platform.services.registry.db
  await db.insertInto('outbox').values({ subject: 'ligature.projects.project.members-changed', payload: JSON.stringify({
    type: 'ligature.projects.project.members-changed', version: 1, occurredAt: new Date(now - 60_000).toISOString(),
    data: { projectCode: 'CORE', isActive: true, eventTypeIds: [] },
  }) }).execute()
  feed.raw('{"not":"an event"}')
  await feed.publish({ projectCode: 'MARKER', isActive: true, eventTypeIds: [other.eventTypeId] })
  await feed.until('MARKER', 1)
  t.equal((await feed.until('CORE', 2)).length, 2)
  // An empty list removes the project's members.
  await feed.publish({ projectCode: 'CORE', isActive: false, eventTypeIds: [] })
  await feed.until('CORE', 0)
  t.same((await call('GET', '/eventtypes', undefined, coreViewer)).json, [])
})

t.test('internal routes answer only the system principal, and remove only marked items', async (t) => {
  const { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } = await import('@ligature/service-kit')
  const internal = (method: string, path: string, principal?: Parameters<typeof signPrincipal>[0]) =>
    fetch(platform.services.registry.url + path, { method, headers: principal ? { [PRINCIPAL_HEADER]: signPrincipal(principal, platform.internalSecret) } : {} })
  const adminUser = { tokenId: 't1', name: 'someone', role: 'admin' as const, projects: [] }
  t.equal((await internal('DELETE', `/internal/eventtypes/${other.eventTypeId}`)).status, 401)
  t.equal((await internal('DELETE', `/internal/eventtypes/${other.eventTypeId}`, adminUser)).status, 401, 'an admin token is not the worker')
  const notMarked = await internal('DELETE', `/internal/eventtypes/${other.eventTypeId}`, systemPrincipal('worker'))
  t.same([notMarked.status, await notMarked.json()], [409, { message: 'The event type is not marked for deletion.' }])
  t.equal((await internal('DELETE', `/internal/dataproviders/${other.providerId}`, systemPrincipal('worker'))).status, 409)
  const listed = await internal('GET', `/internal/dataproviders/${other.providerId}/eventtypes`, systemPrincipal('worker'))
  t.same(await listed.json(), { eventTypeIds: [other.eventTypeId] })
  t.equal((await internal('DELETE', '/internal/eventtypes/999999', systemPrincipal('worker'))).status, 404)
  t.equal((await call('GET', `/eventtypes/${other.eventTypeId}`)).status, 200, 'nothing was removed')
})
