import * as zlib from 'node:zlib'
import t from 'tap'
import { jsCrc32 } from './crc32.js'

t.test('the fallback agrees with the reference value and with Node', async (t) => {
  t.equal(jsCrc32(Buffer.from('123456789')), 0xcbf43926, 'check value of CRC-32/ISO-HDLC')
  t.equal(jsCrc32(Buffer.alloc(0)), 0)
  const data = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) & 0xff))
  t.equal(jsCrc32(data.subarray(1000), jsCrc32(data.subarray(0, 1000))), jsCrc32(data), 'incremental')
  const native = (zlib as { crc32?: (d: Uint8Array) => number }).crc32
  if (native) t.equal(jsCrc32(data), native(data))
})
