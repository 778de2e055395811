import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { columnSpecs, linkageRecordsQuery, readLinkageRecords } from '../../src/records/linkage-records.js'
import { ColumnHelper } from '../../src/records/column-helper.js'
import { copyOutRaw } from '../../src/records/copy-out.js'
import { ensureRecordStore, quoteIdent } from '../../src/records/record-schema.js'

// A linkage's read with a second thread coding half the columns (column-helper.ts) against the read on one
// thread, on a real connection: values with COPY escapes (tabs, line breaks, backslashes), NULLs and empty
// values falling anywhere, rows long enough that COPY chunks cut through them, some records incoming.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())

const FIELDS = ['givenName', 'surname', 'dateOfBirth', 'addressLine', 'postcode']
const ROWS = 12_000
let seed = 5
const random = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32 }
const special = ['a\tb', 'line\nbreak', 'back\\slash', '\\N', 'Zoë\\', null, '']
const value = (row: number, f: number) => random() < 0.02 ? special[Math.floor(random() * special.length)]!
  : f === 2 ? `19${50 + (row % 50)}-0${1 + (row % 9)}-1${row % 10}`
  : f === 3 ? `${row % 900} ${'LONG ROAD NAME '.repeat(1 + (row % 7))}` : `${['ANN', 'ŁUKASZ', '李', 'SMITH'][f % 4]}${Math.floor(random() * 300)}`
const stored = Array.from({ length: ROWS }, (_, i) => FIELDS.map((_, f) => value(i, f)))

const schema = await ensureRecordStore(client, 1)
const s = quoteIdent(schema)
for (let i = 0; i < ROWS; i += 500) {
  const batch = stored.slice(i, i + 500)
  const width = FIELDS.length + 1
  // Every fifth record arrives with linkage 2, the one read: incoming.
  const tuples = batch.map((_, r) => `(1, $${r * width + 1}::int, 0, ${i + r}, 'S${i + r}', ${FIELDS.map((_, f) => `$${r * width + f + 2}::text`).join(', ')})`)
  await client.query(`insert into ${s}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId", ${FIELDS.map(quoteIdent).join(', ')})
    values ${tuples.join(', ')}`, batch.flatMap((row, r) => [(i + r) % 5 === 0 ? 2 : 1, ...row]))
}

t.test('a second thread codes its columns exactly as the reading thread would', async (t) => {
  const one = await readLinkageRecords(client, schema, 2, FIELDS, null, false)
  const two = await readLinkageRecords(client, schema, 2, FIELDS, null, false, { secondThread: true, threadFromRows: 1_000 })
  t.equal(two.table!.size, ROWS)
  t.same([...two.ids], [...one.ids], 'ids')
  t.same([...two.isNew], [...one.isNew], 'incoming flags')
  t.same([...two.table!.isNew!], [...one.table!.isNew!], 'the table\'s incoming flags')
  t.same(two.table!.columnNames, FIELDS, 'columns in the order asked for')
  for (const name of FIELDS) {
    const a = one.table!.column(name), b = two.table!.column(name)
    t.same([...b.codes], [...a.codes], `${name} codes`)
    t.same(b.values, a.values, `${name} dictionary`)
  }
  // And both are the stored values (NULL reads as the empty value), not merely equal to each other.
  for (const [f, name] of FIELDS.entries()) {
    const column = two.table!.column(name)
    const wrong = stored.findIndex((row, i) => column.values[column.codes[i]!] !== (row[f] ?? ''))
    t.equal(wrong, -1, `${name}: every record's value as stored`)
  }
  t.equal(two.table!.column('dateOfBirth').years![two.table!.column('dateOfBirth').codes[1]!], 1951, 'dates parsed for the helper\'s columns')
})

t.test('a read too small for the thread codes the helper\'s columns at its end, alike', async (t) => {
  const one = await readLinkageRecords(client, schema, 2, FIELDS, null, false)
  const small = await readLinkageRecords(client, schema, 2, FIELDS, null, false, { secondThread: true })
  for (const name of FIELDS) {
    t.same([...small.table!.column(name).codes], [...one.table!.column(name).codes], `${name} codes`)
    t.same(small.table!.column(name).values, one.table!.column(name).values, `${name} dictionary`)
  }
})

t.test('the thread starts once a read passes its threshold, and not before', async (t) => {
  const specs = columnSpecs(['addressLine', 'postcode'])
  const query = linkageRecordsQuery(schema, 2, ['givenName', 'addressLine', 'postcode'], null, false)
  for (const [from, threaded] of [[5_000, true], [ROWS + 1, false]] as const) {
    const helper = new ColumnHelper(specs, 5, from)
    await copyOutRaw(client, query, (row) => { helper.add(row) })
    const columns = await helper.finish()
    t.equal(helper.threaded, threaded, `threshold ${from}: ${threaded ? 'a thread' : 'no thread'}`)
    t.equal(columns[1]!.values[columns[1]!.codes[ROWS - 1]!], stored[ROWS - 1]![4] ?? '', 'the last record\'s postcode')
  }
})

t.test('one field, or none, reads on one thread alike', async (t) => {
  const single = await readLinkageRecords(client, schema, 2, ['surname'], null, false, { secondThread: true })
  t.equal(single.table!.column('surname').values[single.table!.column('surname').codes[0]!], stored[0]![1] ?? '')
  const none = await readLinkageRecords(client, schema, 2, [], null, false, { secondThread: true })
  t.equal(none.table, null)
  t.equal(none.ids.length, ROWS)
})
