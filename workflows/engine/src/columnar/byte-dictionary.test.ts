import t from 'tap'
import { ByteDictionary } from './byte-dictionary.js'
import { DictionaryBuilder } from './column.js'

t.test('codes from bytes equal codes from strings, across growth and rehashing', async (t) => {
  const bytes = new ByteDictionary()
  const strings = new DictionaryBuilder()
  const values = Array.from({ length: 20_000 }, (_, i) => (i % 7 === 0 ? '' : `v${(i * 7919) % 5003}é`))
  // Each value sits inside a larger buffer, as a field does in a COPY row.
  const fromBytes = values.map((v) => { const buf = Buffer.from(`\t${v}\t`, 'utf8'); return bytes.code(buf, 1, buf.length - 1) })
  t.same(fromBytes, values.map((v) => strings.code(v)), 'the same code for every value')
  t.same(bytes.values, strings.values, 'the same dictionary, decoded once per value')
  t.equal(bytes.codeOfString('v0é'), strings.code('v0é'))
  t.equal(bytes.codeOfString(null), 0)
})
