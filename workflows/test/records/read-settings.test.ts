import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { LINKAGE_READ_SETTINGS, withReadSettings } from '../../src/records/read-settings.js'

// The linkage read's planner settings on a real connection: in force during the read, put back after it,
// whether the read succeeds, fails outside a transaction or fails inside one.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())

const settings = async () => Object.fromEntries((await client.query<{ name: string; setting: string }>(
  'select name, current_setting(name) as setting from unnest($1::text[]) as name', [Object.keys(LINKAGE_READ_SETTINGS)])).rows.map((r) => [r.name, r.setting]))

t.test('the settings hold during the read and the session gets its own back', async (t) => {
  await client.query(`set random_page_cost = 2.5`)
  const before = await settings()
  t.equal(before.random_page_cost, '2.5')
  const during = await withReadSettings(client, settings)
  t.same(during, LINKAGE_READ_SETTINGS)
  t.same(await settings(), before)
  await client.query('reset random_page_cost')
})

t.test('a failing read outside a transaction: its error, then the settings restored', async (t) => {
  const before = await settings()
  await t.rejects(withReadSettings(client, () => client.query('select 1 / 0')), /division by zero/)
  t.same(await settings(), before)
})

t.test('a failing read inside a transaction: its error; the rollback restores the settings', async (t) => {
  const before = await settings()
  await client.query('begin')
  await t.rejects(withReadSettings(client, () => client.query('select * from no_such_table')), /does not exist/)
  await client.query('rollback')
  t.same(await settings(), before)
})
