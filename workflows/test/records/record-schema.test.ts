import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { ensureRecordStore } from '../../src/records/record-schema.js'

// The project store's DDL on a real database: a new store's pairs keep weights as json, and a store made when
// they were jsonb is changed once, its pairs intact, and left alone after.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())

const weightsType = async (schema: string) => (await client.query<{ t: string }>(
  `select format_type(atttypid, atttypmod) as t from pg_attribute where attrelid = $1::regclass and attname = 'weights'`, [`${schema}.pairs`])).rows[0]!.t

t.test('a new store keeps pair weights as json, written as given', async (t) => {
  const schema = await ensureRecordStore(client, 1)
  t.equal(await weightsType(schema), 'json')
  await client.query(`insert into ${schema}.pairs (linkage_id, left_id, right_id, strategy, score, weights) values (1, 1, 2, 'S', 3.5, '{"surname":7.41,"givenName":-2.7}')`)
  const row = (await client.query(`select weights::text as text, weights->>'givenName' as given from ${schema}.pairs`)).rows[0]
  t.same(row, { text: '{"surname":7.41,"givenName":-2.7}', given: '-2.7' }, 'the text as written, and JSON operators work')
})

t.test('a store whose pairs held jsonb weights is changed once, its pairs kept', async (t) => {
  const schema = await ensureRecordStore(client, 2)
  await client.query(`drop table ${schema}.pairs`)
  await client.query(`create table ${schema}.pairs (linkage_id integer not null, left_id bigint not null, right_id bigint not null,
    strategy text not null, score double precision not null, weights jsonb, primary key (linkage_id, left_id, right_id))`)
  await client.query(`insert into ${schema}.pairs values (4, 10, 11, 'S', 12.25, '{"surname": 7.41, "sex": 0}'), (4, 10, 12, 'D', 'Infinity', '{}'), (4, 11, 12, 'S', 1, null)`)
  await ensureRecordStore(client, 2)
  t.equal(await weightsType(schema), 'json')
  const rows = (await client.query(`select left_id, right_id, score, weights from ${schema}.pairs order by left_id, right_id`)).rows
  t.same(rows, [
    { left_id: '10', right_id: '11', score: 12.25, weights: { sex: 0, surname: 7.41 } },
    { left_id: '10', right_id: '12', score: Infinity, weights: {} },
    { left_id: '11', right_id: '12', score: 1, weights: null },
  ])
  const relfilenode = async () => (await client.query(`select relfilenode from pg_class where oid = $1::regclass`, [`${schema}.pairs`])).rows[0].relfilenode
  const before = await relfilenode()
  await ensureRecordStore(client, 2)
  t.equal(await relfilenode(), before, 'a store already on json is not rewritten again')
})

t.test('a store made with the partition index on its pairs loses it; its pairs stay', async (t) => {
  const schema = await ensureRecordStore(client, 3)
  await client.query(`create index pairs_partition on ${schema}.pairs (linkage_id, partition)`)
  await client.query(`insert into ${schema}.pairs (linkage_id, partition, left_id, right_id, strategy, score) values (1, 1, 1, 2, 'S', 3.5)`)
  await ensureRecordStore(client, 3)
  const indexes = (await client.query<{ name: string }>(`select indexname as name from pg_indexes where schemaname = $1 and tablename = 'pairs' order by 1`, [schema])).rows
  t.same(indexes.map((i) => i.name), ['pairs_pkey'], 'only the primary key is left')
  t.equal((await client.query(`select count(*)::int as n from ${schema}.pairs`)).rows[0].n, 1)
})
