import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { withAnalysedIds } from '../../src/records/analysed-ids.js'
import { LINKAGE_READ_SETTINGS } from '../../src/records/read-settings.js'

// Ids stored and analysed before a read on a real connection: the read sees exactly the ids, the planner knows
// how many there are, and the connection is left without the table whether the read succeeds or fails.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
await client.query('create table items (id bigint primary key, pad text)')
await client.query(`insert into items select g, repeat('x', 40) from generate_series(1, 20000) g`)
await client.query('analyze items')

const ids = 'select id from items where id % 7 = 0'
const tableLeft = async () => (await client.query<{ t: string | null }>(`select to_regclass('pg_temp.linkage_read_ids')::text as t`)).rows[0]!.t

t.test('the read gets the ids, planned with their true count, and the table is gone after', async (t) => {
  const { rows, estimate } = await withAnalysedIds(client, ids, async (only) => {
    const read = await client.query<{ id: string }>(`select i.id from items i join (${only}) x on x.id = i.id order by i.id`)
    const plan = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`explain (format json) ${only}`)
    return { rows: read.rows.map((r) => Number(r.id)), estimate: plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'] }
  })
  t.equal(rows.length, 2857)
  t.ok(rows.every((id, k) => id === 7 * (k + 1)), 'every seventh id, once each')
  t.equal(estimate, 2857, 'the planner expects as many ids as there are')
  t.equal(await tableLeft(), null)
})

t.test('a failing read: its error, no table left, and the next read works', async (t) => {
  await t.rejects(withAnalysedIds(client, ids, () => client.query('select 1 / 0')), /division by zero/)
  t.equal(await tableLeft(), null)
  t.equal(await withAnalysedIds(client, ids, async (only) => (await client.query(only)).rowCount), 2857)
})

t.test('a table left by a read cut short does not stop the next one', async (t) => {
  await client.query('create temporary table linkage_read_ids as select 1::bigint as id')
  t.equal(await withAnalysedIds(client, ids, async (only) => (await client.query(only)).rowCount), 2857)
  t.equal(await tableLeft(), null)
})

t.test('inside a transaction that fails, the rollback takes the table and the connection reads again', async (t) => {
  await client.query('begin')
  await t.rejects(withAnalysedIds(client, ids, () => client.query('select * from no_such_table')), /does not exist/)
  await client.query('rollback')
  t.equal(await tableLeft(), null)
  t.equal(await withAnalysedIds(client, ids, async (only) => (await client.query(only)).rowCount), 2857)
})

t.test('the ids are gathered under the linkage read\'s planner settings, and the connection keeps its own', async (t) => {
  await client.query(`set random_page_cost = 4`)
  // One id when the statement that stores them ran with the read's page cost, none otherwise.
  const underSettings = `select 1::bigint as id where current_setting('random_page_cost') = '${LINKAGE_READ_SETTINGS.random_page_cost}'`
  t.equal(await withAnalysedIds(client, underSettings, async (only) => (await client.query(only)).rowCount), 1, 'stored with the read\'s settings')
  t.equal((await client.query<{ c: string }>(`select current_setting('random_page_cost') as c`)).rows[0]!.c, '4', 'and the session\'s own value after')
})
