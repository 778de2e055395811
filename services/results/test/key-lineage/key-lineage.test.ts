import t from 'tap'
import { api, configureProject, startPlatform } from '@ligature/testkit'
import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from '@ligature/service-kit'
import type { KeyLineage } from '@ligature/contracts'
import { ResultsInternalPaths, type KeyLineagePublication } from '@ligature/contracts/internal'

// Key lineage as the worker publishes it (the internal call) and as a key holder reads it through the gateway:
// idempotent publication, undos, the key/fromRevision/includeUndone filters, paging, the project's scope and 404s.
const platform = await startPlatform()
t.teardown(() => platform.close())
const admin = platform.adminToken
const get = (path: string, token: string | null = admin) => api(platform.url, 'GET', `/api/v3.3${path}`, token ? { token } : {})
const { project } = await configureProject(platform.url, admin, { project: 'KLA', provider: 'KLAPROV', eventTypes: ['KLE'] })

const publish = async (body: unknown, principal = signPrincipal(systemPrincipal('worker'), platform.internalSecret)) => {
  const res = await fetch(platform.services.results.url + ResultsInternalPaths.publishKeyLineage, {
    method: 'POST', headers: { [PRINCIPAL_HEADER]: principal, 'content-type': 'application/json' }, body: JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() as { stored: number } }
}
type Move = KeyLineagePublication['moves'][number]
const move = (over: Partial<Move>): Move => ({
  revision: 2, changedAt: '2026-11-25T10:00:00.000Z', fromKey: 3, toKey: 1, records: 2, keyEnded: true, undoneByRevision: null, undoneAt: null, ...over,
})
// Revision 2 merges key 3 into key 1; revision 3 splits key 1 (two records to key 4, key 1 lives on) and withdraws key 5.
const moves = [move({}), move({ revision: 3, changedAt: '2026-11-25T11:00:00.000Z', fromKey: 1, toKey: 4, records: 2, keyEnded: false }),
  move({ revision: 3, changedAt: '2026-11-25T11:00:00.000Z', fromKey: 5, toKey: null, records: 0, keyEnded: true })]
const lineage = async (query = '', token: string | null = admin) => {
  const res = await get(`/projects/${project.id}/keylineage${query}`, token)
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`)
  return res.json as KeyLineage[]
}

t.test('the worker publishes moves; publishing them again stores nothing twice', async (t) => {
  t.same((await publish({ projectCode: 'KLA', moves })).json, { stored: 3 })
  t.same((await publish({ projectCode: 'KLA', moves })).json, { stored: 3 }, 'a retried activity updates the same rows')
  const all = await lineage()
  t.same(all, [
    { projectCode: 'KLA', revision: 2, changedAt: '2026-11-25T10:00:00.000Z', fromKey: 'LK000000000003', toKey: 'LK000000000001', recordsMoved: 2, fromKeyEnded: true, undoneByRevision: null, undoneAt: null },
    { projectCode: 'KLA', revision: 3, changedAt: '2026-11-25T11:00:00.000Z', fromKey: 'LK000000000001', toKey: 'LK000000000004', recordsMoved: 2, fromKeyEnded: false, undoneByRevision: null, undoneAt: null },
    { projectCode: 'KLA', revision: 3, changedAt: '2026-11-25T11:00:00.000Z', fromKey: 'LK000000000005', toKey: null, recordsMoved: 0, fromKeyEnded: true, undoneByRevision: null, undoneAt: null },
  ], 'oldest first, keys as extractions write them')
  t.same(await lineage('?key=LK000000000003'), [all[0]], 'following an ended key: where its records went')
  t.same(await lineage('?key=LK000000000001'), all.slice(0, 2), 'a key is found as the from key and as the to key')
  t.same(await lineage('?fromRevision=3'), all.slice(1))
  t.same(await lineage('?limit=1&offset=1'), [all[1]], 'paged like the other lists')
  const res = await get(`/projects/${project.id}/keylineage?limit=1`)
  t.equal(res.headers.get('x-total-count'), '3', 'with the total')
  t.equal((await get(`/projects/${project.id}/keylineage`, null)).status, 401, 'no token, no lineage')
})

t.test('a rollback is published as the undo of the moves it reversed', async (t) => {
  const undone = moves.slice(1).map((m) => ({ ...m, undoneByRevision: 4, undoneAt: '2026-11-25T12:00:00.000Z' }))
  t.same((await publish({ projectCode: 'KLA', moves: undone })).json, { stored: 2 })
  t.same((await lineage()).map((m) => m.revision), [2], 'undone moves leave the lineage')
  const withUndone = await lineage('?includeUndone=true')
  t.equal(withUndone.length, 3, 'still one row per move')
  t.match(withUndone[1], { revision: 3, fromKey: 'LK000000000001', toKey: 'LK000000000004', undoneByRevision: 4, undoneAt: '2026-11-25T12:00:00.000Z' })
  t.same((await lineage('?fromRevision=4&includeUndone=true')).map((m) => [m.revision, m.undoneByRevision]), [[3, 4], [3, 4]], 'a reader polling from revision 4 learns of the undo')
  t.same(await lineage('?fromRevision=4'), [])
})

t.test('scope, the project by id or code, and bad input', async (t) => {
  t.same((await lineage()).length, 1)
  t.equal((await get('/projects/KLA/keylineage')).json.length, 1, 'the code names the project too')
  const viewer = await platform.token('viewer', ['KLA'])
  t.equal((await lineage('', viewer)).length, 1, 'viewer is enough')
  const outsider = await platform.token('manager', ['OTHER'])
  for (const path of [`/projects/${project.id}/keylineage`, '/projects/KLA/keylineage', '/projects/NOSUCH/keylineage', '/projects/999999/keylineage', '/projects/0/keylineage']) {
    const res = await get(path, path.includes('NOSUCH') || path.includes('999') || path.includes('/0/') ? admin : outsider)
    t.equal(res.status, 404, path)
    t.same(res.json, { message: 'Project resource can not be found.' })
  }
  for (const query of ['?key=LK1', '?key=3', '?fromRevision=0', '?includeUndone=maybe', '?other=1']) t.equal((await get(`/projects/KLA/keylineage${query}`)).status, 400, query)
  t.equal((await publish({ projectCode: 'KLA', moves: [] })).status, 400, 'an empty publication is refused')
  t.equal((await publish({ projectCode: 'KLA', moves: [move({ fromKey: 0 })] })).status, 400)
  t.equal((await publish({ projectCode: 'KLA', moves }, signPrincipal({ tokenId: 't1', name: 'someone', role: 'admin', projects: [] }, platform.internalSecret))).status, 401)
  t.equal((await get('/internal/keylineage')).status, 404, 'the gateway does not route internal calls')
})
