import t from 'tap'
import { sql } from 'kysely'
import { createDb } from '../src/db.js'
import { pageWithTotal } from '../src/page-query.js'

// Lists answer a page and X-Total-Count from one statement: these pin the total at the edges of paging.
interface Db { items: { id: number; colour: string } }
const url = process.env.LIGATURE_TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const schema = `page_query_test_${process.pid}`
const admin = createDb<Db>({ databaseUrl: url, schema: 'public', poolSize: 1 })
await sql`create schema ${sql.id(schema)}`.execute(admin)
await sql`create table ${sql.id(schema, 'items')} (id integer primary key, colour text not null)`.execute(admin)
await sql`insert into ${sql.id(schema, 'items')} select i, case when i % 3 = 0 then 'red' else 'blue' end from generate_series(1, 10) i`.execute(admin)
const db = createDb<Db>({ databaseUrl: url, schema, poolSize: 2 })
t.teardown(async () => {
  await db.destroy()
  await sql`drop schema ${sql.id(schema)} cascade`.execute(admin)
  await admin.destroy()
})

const reds = () => db.selectFrom('items').where('colour', '=', 'red')
const byId = <Q extends { orderBy: (c: 'id') => Q }>(q: Q) => q.orderBy('id')

t.test('a page carries the total of every matching row, and rows carry only their own columns', async (t) => {
  const { rows, total } = await pageWithTotal(db.selectFrom('items'), (f) => byId(f.selectAll()), { limit: 4, offset: 2 })
  t.same(rows, [3, 4, 5, 6].map((id) => ({ id, colour: id % 3 === 0 ? 'red' : 'blue' })))
  t.equal(total, 10)
})

t.test('the total is counted under the same filter as the page', async (t) => {
  const { rows, total } = await pageWithTotal(reds(), (f) => byId(f.select('id')), { limit: 2, offset: 0 })
  t.same(rows, [{ id: 3 }, { id: 6 }])
  t.equal(total, 3)
})

t.test('a page past the end is empty and still tells the total', async (t) => {
  t.same(await pageWithTotal(reds(), (f) => byId(f.selectAll()), { limit: 5, offset: 3 }), { rows: [], total: 3 })
  t.same(await pageWithTotal(reds(), (f) => byId(f.selectAll()), { limit: 5, offset: 50 }), { rows: [], total: 3 })
})

t.test('nothing matching: an empty first page with total 0', async (t) => {
  const none = db.selectFrom('items').where('colour', '=', 'green')
  t.same(await pageWithTotal(none, (f) => byId(f.selectAll()), { limit: 5, offset: 0 }), { rows: [], total: 0 })
})

t.test('without a page every row comes back and the total is their number', async (t) => {
  const { rows, total } = await pageWithTotal(reds(), (f) => byId(f.select('id')), undefined)
  t.same(rows, [{ id: 3 }, { id: 6 }, { id: 9 }])
  t.equal(total, 3)
})
