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

t.test('values decode whole across arena growth, from plain Uint8Arrays as from Buffers', async (t) => {
  const bytes = new ByteDictionary()
  // 300 distinct values of about 1.2 KB each (multi-byte characters among them): several times the first arena.
  const values = Array.from({ length: 300 }, (_, i) => `${i}:${'ßé漢'.repeat(100)}${'x'.repeat(i)}`)
  const codes = values.map((v, i) => {
    const encoded = Buffer.from(`|${v}|`, 'utf8')
    const view = i % 2 === 0 ? encoded : new Uint8Array(encoded)
    return bytes.code(view, 1, encoded.length - 1)
  })
  t.same(codes, values.map((_, i) => i + 1), 'one new code per value')
  t.same(bytes.values.slice(1), values, 'every value decoded as it was written')
  t.same(values.map((v) => bytes.codeOfString(v)), codes, 'found again after growing')
})

t.test('a column of many distinct values keeps its codes through repeated rehashing', async (t) => {
  const bytes = new ByteDictionary()
  const values = Array.from({ length: 150_000 }, (_, i) => `${(i * 2654435761) % 1_000_003} MAIN ST`)
  const encode = (v: string) => { const buf = Buffer.from(v, 'utf8'); return bytes.code(buf, 0, buf.length) }
  const first = values.map(encode)
  t.equal(new Set(first).size, new Set(values).size, 'one code per distinct value')
  t.same(values.map(encode), first, 'the same codes when every value is seen again')
  t.same(first.map((c) => bytes.values[c]), values, 'each code decodes to its value')
})

t.test('find returns a held value\'s code and −1 for any other, adding nothing', async (t) => {
  const bytes = new ByteDictionary()
  const held = Array.from({ length: 5_000 }, (_, i) => `name${i}ü`)
  for (const v of held) bytes.codeOfString(v)
  const size = bytes.values.length
  const probe = (v: string) => { const buf = Buffer.from(`\t${v}\t`, 'utf8'); return bytes.find(buf, 1, buf.length - 1) }
  t.same(held.map(probe), held.map((_, i) => i + 1), 'every held value found under its code')
  t.equal(probe(''), 0, 'the empty value is code 0')
  t.same(['name5000ü', 'name1u', 'nameü', 'name12ü ', 'x'].map(probe), [-1, -1, -1, -1, -1], 'absent values, near misses included')
  t.equal(bytes.values.length, size, 'nothing added')
})
