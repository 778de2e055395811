import t from 'tap'
import { encodeValues } from './table-snapshot.js'
import { buildValueIndex, findValue, isValueIndex, valueStarts } from './value-index.js'

const indexOf = (values: string[]) => {
  const [lengths, blob] = encodeValues(values)
  return { slots: buildValueIndex(lengths, blob), starts: valueStarts(lengths), lengths, blob }
}
const find = (indexed: ReturnType<typeof indexOf>, value: string) => {
  const bytes = Buffer.from(value, 'utf8')
  return findValue(indexed, bytes, 0, bytes.length)
}

t.test('every value of the dictionary is found at its code, and no other value is', async (t) => {
  // Many values, so slots collide; some share a length and a prefix, some are multi-byte UTF-8.
  const values = ['', ...Array.from({ length: 20_000 }, (_, k) => (k % 3 === 0 ? `Zoë ${k}` : `${k % 7 === 0 ? 'ŁÓDŹ' : 'street'} ${k}`))]
  const indexed = indexOf(values)
  t.ok(isValueIndex(indexed.slots) && indexed.slots.length >= 2 * values.length, 'a power of two, at most half full')
  t.ok(values.every((v, code) => find(indexed, v) === code), 'each value at its own code, the empty value at 0')
  t.same(['street 20000', 'Zoe 0', 'street', 'street 1 ', 'zoë 0', 'street 00'].map((v) => find(indexed, v)), [-1, -1, -1, -1, -1, -1], 'near misses are absent')
})

t.test('a value is found in another buffer, at an offset', async (t) => {
  const indexed = indexOf(['', 'MARY', 'ANNE'])
  const bytes = Buffer.from('xxANNEyy', 'utf8')
  t.equal(findValue(indexed, bytes, 2, 6), 2)
  t.equal(findValue(indexed, bytes, 2, 5), -1, 'a prefix of a value is not the value')
})

t.test('a dictionary of the empty value alone, and a damaged index, answer without looping', async (t) => {
  const empty = indexOf([''])
  t.ok(isValueIndex(empty.slots))
  t.equal(find(empty, 'ANY'), -1)
  const full = { ...indexOf(['', 'A', 'B']), slots: Int32Array.from([7, 9, 8, 6]) }
  t.equal(find(full, 'C'), -1, 'every slot taken by a code the dictionary lacks')
  t.notOk(isValueIndex(new Int32Array(6)), 'not a power of two')
})
