import t from 'tap'
import { decodeVersion, encodeVersion } from './version-token.js'

t.test('a version round-trips; tokens no integer revision can have are always stale', async (t) => {
  t.equal(decodeVersion(encodeVersion(7)), 7)
  t.equal(decodeVersion(encodeVersion(2147483647)), 2147483647)
  t.equal(decodeVersion(Buffer.from('ffffffffffffffff', 'hex').toString('base64')), -1)
  t.equal(decodeVersion('AAAA'), -1)
  t.equal(decodeVersion(null), null)
})

t.test('every revision encodes as its 8-byte big-endian value', async (t) => {
  const reference = (r: number) => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(r)); return b.toString('base64') }
  for (const r of [0, 1, 255, 256, 65535, 65536, 2 ** 24, 2147483647, 2 ** 31, 0xffffffff, 2 ** 32, 2 ** 40 + 7]) t.equal(encodeVersion(r), reference(r), String(r))
  t.equal(encodeVersion(1), 'AAAAAAAAAAE=')
})
