import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { copyOutRaw, type RawRow } from '../../src/records/copy-out.js'

// COPY text read as byte ranges on a real connection: every field as Postgres stores it, where escapes (tabs,
// line breaks, backslashes) and NULLs fall anywhere — several in one row, none for many chunks, one at a
// chunk's end — among mostly plain values, as names and addresses are.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())

const ROWS = 20_000, FIELDS = 6
let seed = 7
const random = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32 }
const special = ['a\tb', 'line\nbreak', 'back\\slash', '\\N', 'cr\r', 'Zoë\\', null, '']
const value = (row: number) => {
  // Long runs of rows without any escape, so whole chunks hold none; then a stretch where most rows hold some.
  const dense = Math.floor(row / 2_000) % 2 === 1
  return random() < (dense ? 0.3 : 0.0005) ? special[Math.floor(random() * special.length)]! : `v${row}-${Math.floor(random() * 1e6)}`
}
await client.query(`create table sample (id integer primary key, ${Array.from({ length: FIELDS }, (_, f) => `f${f} text`).join(', ')})`)
const rows = Array.from({ length: ROWS }, (_, i) => [i, ...Array.from({ length: FIELDS }, () => value(i))])
for (let i = 0; i < ROWS; i += 1_000) {
  const batch = rows.slice(i, i + 1_000)
  const params = batch.flat()
  const tuples = batch.map((_, r) => `(${Array.from({ length: FIELDS + 1 }, (_, f) => `$${r * (FIELDS + 1) + f + 1}`).join(', ')})`)
  await client.query(`insert into sample values ${tuples.join(', ')}`, params)
}

t.test('every field of every row reads back as stored', async (t) => {
  const text = (row: RawRow, f: number) => { if (row.isNull(f)) return null; return row.source(f).toString('utf8', row.start(f), row.end(f)) }
  const read: (string | null)[][] = []
  const count = await copyOutRaw(client, `select * from sample order by id`, (row) => { read.push(Array.from({ length: FIELDS + 1 }, (_, f) => text(row, f))) })
  t.equal(count, ROWS)
  const expected = rows.map((r) => r.map((v) => (typeof v === 'number' ? String(v) : v)))
  const wrong = read.findIndex((r, i) => JSON.stringify(r) !== JSON.stringify(expected[i]))
  t.equal(wrong, -1, wrong === -1 ? 'all rows equal' : `row ${wrong}: ${JSON.stringify(read[wrong])} instead of ${JSON.stringify(expected[wrong])}`)
  const escaped = expected.filter((r) => r.some((v) => v !== null && /[\t\n\r\\]/.test(v))).length
  t.ok(escaped > 1_000, `${escaped} rows hold an escaped value`)
  t.ok(expected.filter((r) => r.filter((v) => v !== null && /[\t\n\r\\]/.test(v)).length > 1).length > 100, 'many hold several')
})

t.test('rows longer than a chunk, and rows a chunk boundary cuts, read whole', async (t) => {
  // Values of 100–300 KB, several chunks each, between short rows; one with an escape near its end.
  const long = (i: number) => `${'Zoë '.repeat(25_000 * (1 + (i % 3)))}${i % 2 === 0 ? '\tend' : 'end'}`
  await client.query('create table long_rows (id integer primary key, a text, b text)')
  const values = Array.from({ length: 12 }, (_, i) => [i, i % 4 === 1 ? long(i) : `short ${i}`, i % 4 === 3 ? long(i + 1) : null])
  for (const v of values) await client.query('insert into long_rows values ($1, $2, $3)', v)
  const read: (string | null)[][] = []
  await copyOutRaw(client, 'select * from long_rows order by id', (row) => {
    read.push([0, 1, 2].map((f) => (row.isNull(f) ? null : row.source(f).toString('utf8', row.start(f), row.end(f)))))
  })
  t.equal(read.length, values.length)
  const wrong = read.findIndex((r, i) => JSON.stringify(r) !== JSON.stringify(values[i]!.map((v) => (typeof v === 'number' ? String(v) : v))))
  t.equal(wrong, -1, wrong === -1 ? 'all rows equal' : `row ${wrong} differs`)
})
