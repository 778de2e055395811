import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { ensureRecordStore, quoteIdent } from '../../src/records/record-schema.js'
import { readRecordChanges } from '../../src/records/record-changes.js'

// The record-change counter on a real database: a statement that changes rows of `records` counts once, one that
// changes none does not, whatever else the transaction did before it; a TRUNCATE always counts; and a store made
// when every statement counted gets the row-aware triggers in its place.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())

const insertRecords = (schema: string, count: number, linkageId = 1) => client.query(`insert into ${schema}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId")
  select 1, $1::int, 0, n, 'r' || $1::int || '-' || n from generate_series(1, $2::int) n`, [linkageId, count])
const version = async (schema: string) => (await readRecordChanges(client, schema)).version

t.test('a statement counts when it changes rows, not when it changes none', async (t) => {
  const name = await ensureRecordStore(client, 1), schema = quoteIdent(name)
  await insertRecords(schema, 50)
  const start = await version(name)
  t.equal(start, 0, 'inserting records is no change')
  await client.query(`update ${schema}.records set end_dated_at = now() where "sourceUniqueId" = 'no-such-id'`)
  await client.query(`delete from ${schema}.records where linkage_id = 99`)
  t.equal(await version(name), start, 'an update and a delete of no row leave the counter alone')
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number <= 10`)
  t.equal(await version(name), start + 1, 'an update of ten rows counts once')
  await client.query(`delete from ${schema}.records where row_number > 45`)
  t.equal(await version(name), start + 2, 'a delete of five rows counts once')
})

t.test('in one transaction, a statement of no row after others that changed rows still counts nothing', async (t) => {
  const name = await ensureRecordStore(client, 2), schema = quoteIdent(name)
  await insertRecords(schema, 20)
  const start = await version(name)
  await client.query('begin')
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number = 1`)
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number = 999`)
  await client.query(`delete from ${schema}.records where row_number = 2`)
  await client.query(`delete from ${schema}.records where row_number = 999`)
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number = 3`)
  t.equal(await version(name), start + 3, 'three statements that changed rows, two that did not, seen inside the transaction')
  await client.query('rollback')
  t.equal(await version(name), start, 'and nothing once it rolls back')
  await client.query('begin')
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number = 4`)
  await client.query('commit')
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number = 999`)
  t.equal(await version(name), start + 1, 'a statement of no row in the next transaction is not taken for the last one')
})

t.test('a rolled-back savepoint may over-count, never under-count', async (t) => {
  const name = await ensureRecordStore(client, 3), schema = quoteIdent(name)
  await insertRecords(schema, 20)
  const start = await version(name)
  await client.query('begin')
  await client.query('savepoint s')
  await client.query(`delete from ${schema}.records where row_number <= 5`)
  await client.query('rollback to savepoint s')
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number = 6`)
  await client.query('commit')
  t.equal(await version(name), start + 1, 'the update after the rolled-back delete counts')
  t.equal(Number((await client.query(`select count(*) from ${schema}.records where end_dated_at is not null`)).rows[0].count), 1)
})

t.test('a truncate always counts, and counting goes on right after it', async (t) => {
  const name = await ensureRecordStore(client, 4), schema = quoteIdent(name)
  await insertRecords(schema, 20)
  const start = await version(name)
  await client.query('begin')
  await client.query(`delete from ${schema}.records where row_number <= 5`)
  await client.query(`truncate ${schema}.records`)
  await insertRecords(schema, 3)
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number = 999`)
  await client.query(`update ${schema}.records set end_dated_at = now() where row_number = 1`)
  await client.query('commit')
  t.equal(await version(name), start + 3, 'the delete, the truncate and the update of one row; not the update of none')
  await client.query(`truncate ${schema}.records`)
  t.equal(await version(name), start + 4, 'a truncate of an empty table counts too')
})

t.test('a store whose trigger counted every statement gets the row-aware ones, its count kept', async (t) => {
  const name = await ensureRecordStore(client, 5), schema = quoteIdent(name)
  // The trigger as stores made before rows were counted have it.
  await client.query(`drop trigger records_change_noted on ${schema}.records; drop trigger records_change_counted on ${schema}.records;
    create or replace function ${schema}.count_record_change() returns trigger language plpgsql as $f$
      begin update ${schema}.record_changes set version = version + 1; return null; end $f$;
    create trigger records_changed after update or delete or truncate on ${schema}.records for each statement execute function ${schema}.count_record_change()`)
  await client.query(`delete from ${schema}.records where linkage_id = 99`)
  t.equal(await version(name), 1, 'the old trigger counts a statement of no row')
  await ensureRecordStore(client, 5)
  const triggers = (await client.query<{ tgname: string }>(`select tgname from pg_trigger where tgrelid = $1::regclass and not tgisinternal order by tgname`, [`${schema}.records`])).rows.map((r) => r.tgname)
  t.same(triggers, ['records_change_counted', 'records_change_noted'], 'the old trigger replaced')
  await client.query(`delete from ${schema}.records where linkage_id = 99`)
  t.equal(await version(name), 1, 'a statement of no row no longer counts; the count is kept')
  await insertRecords(schema, 2)
  await client.query(`delete from ${schema}.records where row_number = 1`)
  t.equal(await version(name), 2, 'a statement of a row does')
  await ensureRecordStore(client, 5)
  t.equal(await version(name), 2, 'ensuring again changes nothing')
  t.equal((await client.query(`select 1 from pg_trigger where tgrelid = $1::regclass and not tgisinternal`, [`${schema}.records`])).rowCount, 2, 'and adds no trigger')
})

t.test('with the statistics switched off, every statement counts again', async (t) => {
  const name = await ensureRecordStore(client, 6), schema = quoteIdent(name)
  await insertRecords(schema, 5)
  await client.query('begin')
  await client.query('set local track_counts = off')
  await client.query(`delete from ${schema}.records where linkage_id = 99`)
  await client.query('commit')
  t.equal(await version(name), 1, 'a statement of no row counts: without statistics a changed row could not be seen')
})
