import t from 'tap'
import { RecordTable } from './record-table.js'
import { tableFingerprint } from './table-fingerprint.js'

const specs = [{ name: 'surname', kind: 'text' as const }, { name: 'yob', kind: 'text' as const }]
const table = (surname: string[], yob: string[], isNew?: number[]) =>
  RecordTable.fromColumns({ surname, yob }, specs, isNew ? Uint8Array.from(isNew) : null)
const ids = (...xs: number[]) => Float64Array.from(xs)

t.test('equal tables agree; a different record, id, value or incoming flag does not', async tt => {
  const base = tableFingerprint(table(['ng', 'li', 'ng'], ['1980', '1990', '']), ids(1, 2, 5), ['surname', 'yob'])
  tt.match(base, /^3:[0-9a-f]{16}$/, 'record count, then the hash')
  tt.equal(tableFingerprint(table(['ng', 'li', 'ng'], ['1980', '1990', '']), ids(1, 2, 5), ['surname', 'yob']), base,
    'a second decoding of the same records (its own dictionaries) gives the same fingerprint')
  // Dictionary codes follow first appearance; the same values read in another order elsewhere must not matter.
  const other = [
    tableFingerprint(table(['ng', 'li'], ['1980', '1990']), ids(1, 2), ['surname', 'yob']),
    tableFingerprint(table(['ng', 'li', 'ng'], ['1980', '1990', '']), ids(1, 2, 6), ['surname', 'yob']),
    tableFingerprint(table(['ng', 'li', 'ng'], ['1980', '1991', '']), ids(1, 2, 5), ['surname', 'yob']),
    tableFingerprint(table(['ng', 'li', 'ng'], ['1980', '1990', ''], [1, 0, 1]), ids(1, 2, 5), ['surname', 'yob']),
    tableFingerprint(table(['li', 'ng', 'ng'], ['1990', '1980', '']), ids(1, 2, 5), ['surname', 'yob']),
  ]
  for (const f of other) tt.not(f, base)
  tt.equal(new Set(other).size, other.length)
  tt.throws(() => tableFingerprint(table(['ng'], ['1980']), ids(1, 2), ['surname']), /one id per record/)
})

t.test('only the named fields count', async tt => {
  const one = tableFingerprint(table(['ng', 'li'], ['1980', '1990']), ids(1, 2), ['surname'])
  tt.equal(tableFingerprint(table(['ng', 'li'], ['2000', '2001']), ids(1, 2), ['surname']), one, 'yob is not fingerprinted')
})
