import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { writeKeys } from '../../src/records/linkage-keys.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'

// Storing a linkage's keys in a real record store: fresh keys, a retried write of the same linkage (stale
// inputs, its first attempt committed) that adds nothing and fails nothing, and a changed key that closes the
// record's current row and opens a new one.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const schema = await ensureRecordStore(client, 1)

const write = async (linkageId: number, previous: number[], keys: number[], next: number) => {
  await client.query('begin')
  try {
    await writeKeys(client, schema, linkageId, Float64Array.from([11, 12, 13]), Float64Array.from(previous), Float64Array.from(keys), next)
    await client.query('commit')
  } catch (err) {
    await client.query('rollback')
    throw err
  }
}
const current = async () => (await client.query<{ record_id: string; key_number: string }>(
  `select record_id, key_number from ${schema}.record_keys where to_revision is null order by record_id`)).rows.map((r) => [Number(r.record_id), Number(r.key_number)])
const rows = async () => Number((await client.query<{ n: string }>(`select count(*) as n from ${schema}.record_keys`)).rows[0]!.n)

t.test('fresh keys, then the same write retried', async (t) => {
  await write(1, [0, 0, 0], [1, 1, 2], 3)
  t.same(await current(), [[11, 1], [12, 1], [13, 2]])
  await write(1, [0, 0, 0], [1, 1, 2], 3)
  t.same(await current(), [[11, 1], [12, 1], [13, 2]], 'the retry finds its own rows')
  t.equal(await rows(), 3, 'and adds none')
})

t.test('a changed key closes the current row and opens one', async (t) => {
  await write(2, [1, 1, 2], [1, 1, 1], 3)
  t.same(await current(), [[11, 1], [12, 1], [13, 1]])
  t.equal(await rows(), 4, 'the old row of record 13 stays as history')
  const closed = await client.query<{ key_number: string; to_revision: number | null }>(`select key_number, to_revision from ${schema}.record_keys where record_id = 13 order by from_revision`)
  t.equal(Number(closed.rows[0]!.key_number), 2)
  t.not(closed.rows[0]!.to_revision, null, 'closed by the second linkage\'s revision')
})
