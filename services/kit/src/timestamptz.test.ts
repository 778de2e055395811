import t from 'tap'
import fc from 'fast-check'
import pg from 'pg'
import { timestamptzReader } from './timestamptz.js'

// pg's own reader (postgres-date), taken before db.ts replaces it: the reference every answer must equal.
const reference = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => unknown
const read = timestamptzReader(reference)
const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() || (Number.isNaN(a.getTime()) && Number.isNaN(b.getTime())) : a === b)

const pad = (n: number, w = 2) => String(n).padStart(w, '0')
/** Postgres's DateStyle ISO text of a timestamptz, in an arbitrary offset and fraction length. */
const pgText = fc.record({
  year: fc.integer({ min: 1000, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }),
  hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }), second: fc.integer({ min: 0, max: 59 }),
  fraction: fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: undefined }),
  sign: fc.constantFrom('+', '-'), oh: fc.integer({ min: 0, max: 15 }),
  om: fc.option(fc.constantFrom(0, 15, 30, 45), { nil: undefined }), os: fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined }),
}).map((f) => `${f.year}-${pad(f.month)}-${pad(f.day)} ${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}${f.fraction === undefined ? '' : `.${f.fraction}`}`
  + `${f.sign}${pad(f.oh)}${f.om === undefined ? '' : `:${pad(f.om)}${f.os === undefined ? '' : `:${pad(f.os)}`}`}`)

t.test('every timestamptz text Postgres sends reads as pg reads it, to the millisecond', async (t) => {
  fc.assert(fc.property(pgText, (text) => same(read(text), reference(text))), { numRuns: 20000 })
  t.pass('20,000 generated texts agreed')
})

t.test('texts outside the common shape go to the fallback and still agree', async (t) => {
  const odd = ['infinity', '-infinity', '0099-01-01 00:00:00+00', '0001-12-31 23:59:59.5+00 BC', '12345-06-07 08:09:10+00', '2026-11-29 21:20:56.1234567+00',
    '2026-11-29 21:20:56+00 BC', '2026-11-29 21:20:56Z', '2026-11-29', '2026-11-29 21:20:56', '2026-11-29 21:20:56.+00', '2026-02-30 10:00:00+00', '2026-11-29 21:20:56+05:30x']
  for (const text of odd) t.ok(same(read(text), reference(text)), text)
  t.equal((read('2026-11-29 21:20:56.123456+05:30') as Date).toISOString(), '2026-11-29T15:50:56.123Z')
})
