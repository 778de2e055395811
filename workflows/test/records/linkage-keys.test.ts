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

t.test('a project\'s first keys are inserted before their indexes are built, and the indexes still hold', async (t) => {
  const first = await ensureRecordStore(client, 2)
  const indexes = async () => (await client.query<{ indexname: string; indexdef: string }>(
    'select indexname, indexdef from pg_indexes where schemaname = $1 and tablename = $2 order by indexname', [first, 'record_keys'])).rows
  const before = await indexes()
  t.same(before.map((i) => i.indexname), ['record_keys_current', 'record_keys_key'])
  const firstWrite = (keys: number[]) => writeKeys(client, first, 1, Float64Array.from([11, 12, 11]), Float64Array.from([0, 0, 0]), Float64Array.from(keys), 3)
  await client.query('begin')
  await t.rejects(firstWrite([1, 1, 2]), { code: '23505' }, 'a record given two current rows is refused, as inserting through the index would')
  await client.query('rollback')
  t.same(await indexes(), before, 'the failed write left the indexes as they were')
  await client.query('begin')
  await writeKeys(client, first, 1, Float64Array.from([11, 12, 13]), Float64Array.from([0, 0, 0]), Float64Array.from([1, 1, 2]), 3)
  await client.query('commit')
  t.same(await indexes(), before, 'the same indexes, rebuilt with the keys')
  const keyed = await client.query(`select record_id::int, key_number::int, from_revision from ${first}.record_keys order by record_id`)
  t.same(keyed.rows.map((r) => [r.record_id, r.key_number]), [[11, 1], [12, 1], [13, 2]])
  t.ok(keyed.rows.every((r) => r.from_revision > 0), 'under the linkage\'s revision')
  const columns = await client.query<{ attname: string }>('select attname from pg_stats where schemaname = $1 and tablename = $2', [first, 'record_keys'])
  t.ok(columns.rows.some((c) => c.attname === 'key_number'), 'analysed with the keys: the planner has their statistics, not a never-analysed table\'s guess')
})
