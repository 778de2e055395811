import t from 'tap'
import { api, startPlatform } from '@ligature/testkit'
import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from '@ligature/service-kit'
import type { ClericalReview } from '@ligature/contracts'
import { ResultsInternalPaths, type ClericalReviewInput } from '@ligature/contracts/internal'

// Clerical-review lists as the worker stores them (the internal call) and as a reviewer reads them through the
// gateway: list with filters, the entity, the CSV download, the token's project scope, roles and 404.
const platform = await startPlatform()
t.teardown(() => platform.close())
const admin = platform.adminToken
const get = (path: string, token: string | null = admin) => api(platform.url, 'GET', `/api/v3.3${path}`, token ? { token } : {})

const upload = async (body: unknown, principal = signPrincipal(systemPrincipal('worker'), platform.internalSecret)) => {
  const res = await fetch(platform.services.results.url + ResultsInternalPaths.createClericalReview, {
    method: 'POST', headers: { [PRINCIPAL_HEADER]: principal, 'content-type': 'application/json' }, body: JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() as ClericalReview }
}
const input = (over: Partial<ClericalReviewInput> = {}): ClericalReviewInput => ({
  projectCode: 'CRA', envelopeName: 'cra-1', linkageId: 9001, pairs: 1, pairsLinked: 1, flaggedGroups: 1, records: 4,
  fileName: 'cra-1-clerical-review.csv', content: 'CRA,w1,EMR,LK000000000001\nCRA,w2,EMR,LK000000000001\nCRA,"a, b",EMR,LK000000000002\nCRA,k2,EMR,LK000000000002\n',
  ...over,
})

const first = await upload(input())
const second = await upload(input({ projectCode: 'CRB', envelopeName: 'crb-1', linkageId: 9002, pairs: 0, pairsLinked: 0, flaggedGroups: 2, records: 4, fileName: 'crb-1-clerical-review.csv', content: 'CRB,x1,EMR,LK000000000003\n' }))

t.test('the worker stores a list; a retry for the same linkage replaces it', async (t) => {
  t.equal(first.status, 201)
  t.match(first.json, { projectCode: 'CRA', envelopeName: 'cra-1', linkageId: 9001, pairs: 1, pairsLinked: 1, flaggedGroups: 1, records: 4, fileName: 'cra-1-clerical-review.csv' })
  t.notOk('content' in first.json, 'the entity never carries the file')
  const again = await upload(input({ pairs: 2, pairsLinked: 1 }))
  t.equal(again.status, 201)
  t.equal(again.json.id, first.json.id, 'one list per linkage')
  t.match((await get(`/clericalreviews/${first.json.id}`)).json, { pairs: 2, pairsLinked: 1 })
  t.equal((await upload(input())).status, 201)
})

t.test('the internal call takes the system principal only and validates its body', async (t) => {
  t.equal((await upload(input(), signPrincipal({ tokenId: 't1', name: 'someone', role: 'admin', projects: [] }, platform.internalSecret))).status, 401)
  t.equal((await upload({ ...input(), fileName: 'a"b.csv' })).status, 400)
  t.equal((await upload({ ...input(), pairs: -1 })).status, 400)
  t.equal((await get('/internal/clericalreviews')).status, 404, 'the gateway does not route internal calls')
})

t.test('list, filters, get and download through the gateway', async (t) => {
  const all = await get('/clericalreviews')
  t.equal(all.status, 200)
  t.same(all.json.map((r: { envelopeName: string }) => r.envelopeName), ['crb-1', 'cra-1'], 'newest first')
  t.same((await get('/clericalreviews?projectCode=CRA')).json.map((r: { id: number }) => r.id), [first.json.id])
  t.same((await get('/clericalreviews?envelopeName=crb-1')).json.map((r: { id: number }) => r.id), [second.json.id])
  t.same((await get('/clericalreviews?projectCode=CRA&envelopeName=crb-1')).json, [])
  const one = await get(`/clericalreviews/${first.json.id}`)
  t.same(one.json, all.json[1], 'the entity is the listed item')
  t.match(one.json, { ...first.json, createdAt: String }, 'as stored (createdAt is the last upload\'s)')
  const file = await get(`/clericalreviews/${first.json.id}/download`)
  t.equal(file.status, 200)
  t.equal(file.text, input().content, 'the file byte for byte')
  t.match(file.headers.get('content-type'), /^text\/csv/)
  t.equal(file.headers.get('content-disposition'), 'attachment; filename="cra-1-clerical-review.csv"')
  t.equal((await get('/clericalreviews?limit=1')).json.length, 1)
  t.equal((await get('/clericalreviews?projectCode=')).status, 400, 'an empty filter is refused, not ignored')
})

t.test("a token sees only its projects' lists; no token, no list; unknown ids are 404", async (t) => {
  const viewer = await platform.token('viewer', ['CRA'])
  t.same((await get('/clericalreviews', viewer)).json.map((r: { id: number }) => r.id), [first.json.id])
  t.equal((await get(`/clericalreviews/${first.json.id}`, viewer)).status, 200, 'viewer is enough')
  t.equal((await get(`/clericalreviews/${first.json.id}/download`, viewer)).status, 200)
  const outsider = await platform.token('manager', ['OTHER'])
  t.same((await get('/clericalreviews', outsider)).json, [])
  t.same((await get('/clericalreviews?projectCode=CRA', outsider)).json, [], 'naming the project does not widen the scope')
  for (const path of [`/clericalreviews/${first.json.id}`, `/clericalreviews/${first.json.id}/download`]) {
    const res = await get(path, outsider)
    t.equal(res.status, 404, path)
    t.same(res.json, { message: 'Clerical review resource can not be found.' })
  }
  t.equal((await get('/clericalreviews', null)).status, 401)
  const missing = await get('/clericalreviews/999999')
  t.equal(missing.status, 404)
  t.same(missing.json, { message: 'Clerical review resource can not be found.' })
  t.equal((await get('/clericalreviews/999999/download')).status, 404)
  t.equal((await get('/clericalreviews/0')).status, 404, 'an id out of range names nothing')
})
