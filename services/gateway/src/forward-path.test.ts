import t from 'tap'
import { checkParams, forwardPath, isDecodableQuery, isUnsafeValue } from './forward-path.js'

t.test('encoded separators, dot segments and control characters are unsafe', async (t) => {
  for (const v of ['../..', '..', '.', '...', '..x', 'x..', 'a/b', 'a\\b', '\u0000', 'a\u0000b', '\n', '\u007f']) t.ok(isUnsafeValue(v), JSON.stringify(v))
  for (const v of ['FUZZ', '12', 'a.b', 'a..b', 'x.', 'Ünïcode', '😀']) t.notOk(isUnsafeValue(v), v)
})

t.test('malformed escapes and invalid UTF-8 are named, safe values decoded', async (t) => {
  t.same(checkParams({ id: '%2e%2e%2f%2e%2e' }), { ok: false, problem: 'unsafe', param: 'id' })
  t.same(checkParams({ id: '%zz' }), { ok: false, problem: 'malformed', param: 'id' })
  t.same(checkParams({ id: '%ED%A0%80' }), { ok: false, problem: 'malformed', param: 'id' })
  t.same(checkParams({ id: 'a%00b' }), { ok: false, problem: 'unsafe', param: 'id' })
  t.same(checkParams({ id: 'FU%5A', strategyId: '3' }), { ok: true, values: { id: 'FUZ', strategyId: '3' } })
})

t.test('the forwarded path is the route template with values re-encoded', async (t) => {
  t.equal(forwardPath('/projects/:id/matchconfig/strategies/:strategyId', { id: 'A B', strategyId: '7' }), '/projects/A%20B/matchconfig/strategies/7')
  t.equal(forwardPath('/envelopes/:name', { name: 'x.zip' }), '/envelopes/x.zip')
})

t.test('query strings must decode', async (t) => {
  t.ok(isDecodableQuery('?limit=5&offset=0'))
  t.ok(isDecodableQuery(''))
  t.ok(isDecodableQuery('?q=a+b%20c'))
  t.notOk(isDecodableQuery('?limit=%'))
  t.notOk(isDecodableQuery('?offset=%ff'))
  t.notOk(isDecodableQuery('?%zz=1'))
})
