import t from 'tap'
import { decodeVersion, encodeVersion } from './version-token.js'

t.test('a version round-trips; tokens no integer revision can have are always stale', async (t) => {
  t.equal(decodeVersion(encodeVersion(7)), 7)
  t.equal(decodeVersion(encodeVersion(2147483647)), 2147483647)
  t.equal(decodeVersion(Buffer.from('ffffffffffffffff', 'hex').toString('base64')), -1)
  t.equal(decodeVersion('AAAA'), -1)
  t.equal(decodeVersion(null), null)
})
