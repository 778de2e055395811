import t from 'tap'
import { revisionOf, unstorableValues } from './body-guard.js'

t.test('NUL characters and integers beyond int4 are named by path', async (t) => {
  t.same(unstorableValues({ code: 'A\u0000B', dataSources: [{ importFormatId: 2 ** 31 }], ok: -2147483647 }).map((p) => p.path),
    ['/code', '/dataSources/0/importFormatId'])
  t.same(unstorableValues({ name: 'plain', n: 2147483647, nested: [null, true] }), [])
})

t.test('versions no row can have are always stale', async (t) => {
  t.equal(revisionOf(null), null)
  t.equal(revisionOf(7), 7)
  t.equal(revisionOf(2 ** 40), -1)
})
