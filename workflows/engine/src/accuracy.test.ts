/**
 * Accuracy self-check: 20 hand-made records of 10 people, with typos, a day/month swap, a missing date of
 * birth, a move, and look-alikes that must stay apart (a spouse at the same address; same name but another
 * birth date and address). The default strategies must find exactly the true groups.
 */
import t from 'tap'
import { RecordTable } from './columnar/record-table.js'
import { DEFAULT_COLUMNS, defaultStrategies } from './default-strategies.js'
import { linkInMemory, type InMemoryGroupStrategy } from './link.js'
import { soundex } from './preprocess/soundex.js'

// person, given, surname, dob, sex, address, suburb, postcode, state
const people: [string, string, string, string, string, string, string, string, string][] = [
  ['A', 'john', 'smith', '1980-05-04', 'm', '12 high street', 'newtown', '2042', 'nsw'],
  ['A', 'jon', 'smith', '1980-05-04', 'm', '12 high st', 'newtown', '2042', 'nsw'],
  ['A', 'john', 'smyth', '1980-04-05', 'm', '12 high street', 'newtown', '2042', 'nsw'],
  ['B', 'mary', 'jones', '1975-11-23', 'f', '4 park road', 'carlton', '3053', 'vic'],
  ['B', 'mary', 'jnoes', '', 'f', '4 park road', 'carlton', '3053', 'vic'],
  ['C', 'peter', 'brown', '1990-01-15', 'm', '88 beach parade', 'manly', '2095', 'nsw'],
  ['C', 'peter', 'brown', '1990-01-15', 'm', '5 river lane', 'fremantle', '6160', 'wa'],
  ['D', 'susan', 'taylor', '1962-07-30', 'f', '1 king street', 'hobart', '7000', 'tas'],
  ['E', 'michael', 'wilson', '1985-03-12', 'm', '7 gum close', 'toowong', '4066', 'qld'],
  ['E', 'micheal', 'wilson', '1985-03-12', 'm', '7 gum cl', 'toowong', '4066', 'qld'],
  ['E2', 'karen', 'wilson', '1987-10-02', 'f', '7 gum close', 'toowong', '4066', 'qld'],
  ['F', 'david', 'lee', '2001-09-09', 'm', '30 ocean drive', 'glenelg', '5045', 'sa'],
  ['F', 'david', 'lee', '2001-09-09', 'm', '30 ocean dr', 'glenelg', '5045', 'sa'],
  ['F2', 'david', 'lee', '1955-02-02', 'm', '9 mill street', 'ballarat', '3350', 'vic'],
  ['G', 'sarah', 'obrien', '1978-06-06', 'f', '15 church street', 'parramatta', '2150', 'nsw'],
  ['G', 'sara', 'obrien', '1978-06-06', 'f', '15 church street', 'parramatta', '2150', 'nsw'],
  ['H', 'james', 'white', '1999-12-01', 'm', '2 hill road', 'darwin', '0800', 'nt'],
  ['I', 'emma', 'clarke', '1988-08-08', 'f', '60 station street', 'geelong', '3220', 'vic'],
  ['I', 'emma', 'clarke', '1988-08-18', 'f', '60 station street', 'geelong', '3220', 'vic'],
  ['I', 'emma', 'clark', '1988-08-08', 'f', '60 station st', 'geelong', '3220', 'vic'],
]

const rows = people.map(([, givenName, surname, dob, sex, addressLine, suburb, postcode, state]) => ({
  givenName, surname, dateOfBirth: dob, sex, addressLine, suburb, postcode, state,
  doby: dob.slice(0, 4), dobm: dob.slice(5, 7), dobd: dob.slice(8, 10),
  surnameSoundex: soundex(surname.toUpperCase()), givenNameSoundex: soundex(givenName.toUpperCase()),
  givenNameInitial: givenName[0]!,
}))

/** A grouping as a canonical string: sorted member lists, e.g. "0,1,2|3,4|…". */
const partition = (labels: ArrayLike<number | string>) => {
  const by = new Map<number | string, number[]>()
  for (let i = 0; i < labels.length; i++) by.set(labels[i]!, [...(by.get(labels[i]!) ?? []), i])
  return [...by.values()].map(g => g.join(',')).sort().join('|')
}

for (const groupStrategy of ['WeightedBestLinkInMemory', 'MergeInMemory'] as InMemoryGroupStrategy[]) {
  t.test(`default strategies find the true groups (${groupStrategy})`, async tt => {
    const table = RecordTable.fromRows(rows, DEFAULT_COLUMNS)
    const result = linkInMemory(table, defaultStrategies(), { groupStrategy, nextKeyNumber: 1 })
    tt.equal(partition(result.keys.keyOf), partition(people.map(p => p[0])))
    tt.equal(result.keys.groupsNew, 11)
    tt.equal(result.match.recordsNotBlocked, 0, 'the record without a birth date is still blocked by name')
  })
}

t.test('a second linkage keeps keys and adds the new record to its group', async tt => {
  const first = linkInMemory(RecordTable.fromRows(rows, DEFAULT_COLUMNS), defaultStrategies(),
    { groupStrategy: 'WeightedBestLinkInMemory' })
  const incoming = { ...rows[7]!, givenName: 'suzan', addressLine: '1 king st' } // another record of D
  const isNew = [...rows.map(() => false), true]
  const table = RecordTable.fromRows([...rows, incoming], DEFAULT_COLUMNS, isNew)
  const previousKeys = Float64Array.of(...first.keys.keyOf, 0)
  const second = linkInMemory(table, defaultStrategies(), { groupStrategy: 'WeightedBestLinkInMemory',
    previousKeys, nextKeyNumber: first.keys.nextKeyNumber })
  tt.same([...second.keys.keyOf.subarray(0, rows.length)], [...first.keys.keyOf], 'existing keys unchanged')
  tt.equal(second.keys.keyOf[rows.length], first.keys.keyOf[7], 'the new record joins D')
  tt.same([second.keys.groupsNew, second.keys.groupsUpdated, second.keys.groupsDeleted], [0, 1, 0])
  tt.ok(second.match.runs.every(r => r.pairsCreated <= rows.length), 'only pairs with the incoming record')
})
