import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { linkageReadFor } from '../../src/pipeline/linkage-read.js'
import { ensureRecordStore, quoteIdent } from '../../src/records/record-schema.js'

// Which read a linkage takes: in full while the project holds no active record of another linkage, touched once
// it does, whichever side of the linkage's id the others lie on, and in full again when they are all end-dated.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const schema = await ensureRecordStore(client, 1)
const s = quoteIdent(schema)
const add = (linkageId: number, count: number) => client.query(`insert into ${s}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId")
  select 1, $1::int, 0, g, 'S' || $1::int || '-' || g from generate_series(1, $2::int) g`, [linkageId, count])

t.test('full, touched, full again', async (t) => {
  t.equal(await linkageReadFor(client, schema, 5), 'full', 'an empty project')
  await add(5, 2_000)
  t.equal(await linkageReadFor(client, schema, 5), 'full', 'only the linkage\'s own records')
  await add(3, 10)
  t.equal(await linkageReadFor(client, schema, 5), 'touched', 'an earlier linkage\'s records')
  t.equal(await linkageReadFor(client, schema, 3), 'touched', 'seen from the earlier linkage: a later one\'s records')
  await client.query(`update ${s}.records set end_dated_at = now() where linkage_id = 3`)
  t.equal(await linkageReadFor(client, schema, 5), 'full', 'the other linkage\'s records all end-dated')
  await add(9, 1)
  t.equal(await linkageReadFor(client, schema, 5), 'touched', 'one active record of a later linkage')
  t.equal(await linkageReadFor(client, schema, 7), 'touched', 'a linkage with no records of its own among others')
})
