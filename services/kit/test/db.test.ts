import t from 'tap'
import { sql } from 'kysely'
import pg from 'pg'
import { createDb } from '../src/db.js'

// A database restart ends every connection, including those in use. Here one connection of the pool is ended
// by the server (pg_terminate_backend, as a restart does) while a query runs on it and while it sits in a
// transaction between two statements: the work on it fails, the process lives on and the pool reconnects.
const url = process.env.LIGATURE_TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const db = createDb({ databaseUrl: url, schema: 'public', poolSize: 2 })
t.teardown(() => db.destroy())
const admin = new pg.Client({ connectionString: url })
await admin.connect()
t.teardown(() => admin.end())
const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid])
const pidOf = async (trx: Parameters<Parameters<ReturnType<typeof db.transaction>['execute']>[0]>[0]) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid

t.test('a connection ended between two statements of a transaction fails the transaction, not the process', async (t) => {
  const outcome = await db.transaction().execute(async (trx) => {
    await terminate(await pidOf(trx))
    // The server's goodbye arrives while no query runs on the connection.
    await new Promise((r) => setTimeout(r, 300))
    await sql`select 1`.execute(trx)
  }).then(() => 'committed', (err: Error) => err.message)
  t.match(outcome, /terminat|not queryable/i)
  t.same((await sql<{ one: number }>`select 1 as one`.execute(db)).rows, [{ one: 1 }], 'the next query gets a new connection')
})

t.test('a connection ended while its query runs fails the query, not the process', async (t) => {
  const outcome = await db.transaction().execute(async (trx) => {
    const pid = await pidOf(trx)
    setTimeout(() => void terminate(pid), 300)
    await sql`select pg_sleep(5)`.execute(trx)
  }).then(() => 'committed', (err: Error) => err.message)
  t.match(outcome, /terminat|not queryable/i)
  t.same((await sql<{ one: number }>`select 1 as one`.execute(db)).rows, [{ one: 1 }], 'the next query gets a new connection')
})

t.test('timestamps read as the instant Postgres holds, whatever the session time zone prints', async (t) => {
  const instants = ['2026-11-29 21:20:56.123456+00', '1850-01-01 00:00:00+00', '2000-02-29 23:59:59.999999+00', '1969-12-31 23:59:59.5+00']
  for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Amsterdam']) {
    await db.transaction().execute(async (trx) => {
      await sql`select set_config('TimeZone', ${zone}, true)`.execute(trx)
      for (const instant of instants) {
        const row = (await sql<{ at: Date; text: string; ms: number }>`select ${instant}::timestamptz as at, ${instant}::timestamptz::text as text,
          floor(extract(epoch from ${instant}::timestamptz) * 1000) as ms`.execute(trx)).rows[0]!
        t.equal(row.at.getTime(), row.ms, `${zone}: ${row.text}`)
      }
    })
  }
})
