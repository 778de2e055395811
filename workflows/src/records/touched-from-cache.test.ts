import t from 'tap'
import { RecordTableBuilder, type ColumnSpec } from '@ligature/engine'
import type { LinkageRecords } from './linkage-records.js'
import { cachedColumn, type RecordCache } from './record-cache-file.js'
import { touchedFromCache, type BlockingFields } from './touched-from-cache.js'
import { buildBlockIndex } from './block-index.js'

// The touched read from a cached copy must give the table the database read gives: the same records (incoming,
// and every record sharing a block with one), coded alike. The reference here is the query's meaning written
// out by hand over plain rows, and the table a database read would build from those rows in id order.

type Row = { id: number; eventType: number; isNew: boolean; values: (string | null)[] }

/** A small deterministic generator, so a failing case can be run again. */
function random(seed: number) {
  let x = seed >>> 0
  return () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 2 ** 32 }
}

const FIELDS = ['a', 'b', 'c', 'when']
const SPECS: ColumnSpec[] = [{ name: 'a', kind: 'text' }, { name: 'b', kind: 'text' }, { name: 'c', kind: 'text' }, { name: 'when', kind: 'date' }]
const POOLS = [['', null, 'x', 'y', 'zé', 'Ω'], ['', null, '1', '2', '3'], ['', 'p', 'q', 'r', 's', 't', 'u', 'v'], ['', null, '1990-01-02', '1990-01-03', '19900102', 'soon']]

function table(rows: readonly Row[]): LinkageRecords {
  const builder = new RecordTableBuilder(SPECS, 4)
  for (const row of rows) builder.add(row.values, 0, row.isNew)
  return {
    ids: Float64Array.from(rows, (r) => r.id), eventTypeOf: Int32Array.from(rows, (r) => r.eventType), isNew: Uint8Array.from(rows, (r) => (r.isNew ? 1 : 0)),
    previousKeys: new Float64Array(rows.length), table: builder.build(),
  }
}

/** The copy of `rows`, with an index for each of `indexed` (blockings' fields), as refreshRecordCache makes it. */
function cacheOf(rows: readonly Row[], indexed: readonly string[][] = []): RecordCache {
  const records = table(rows)
  const columns = FIELDS.map((f) => { const c = records.table!.column(f); return cachedColumn(c.codes, c.values) })
  return {
    meta: { token: 't', version: 0, maxId: rows.at(-1)?.id ?? 0, fields: FIELDS, blockings: indexed.map((b) => [...b]), rows: rows.length },
    ids: records.ids, eventTypeOf: records.eventTypeOf, columns,
    blockIndexes: indexed.map((fields) => buildBlockIndex(fields.map((f) => columns[FIELDS.indexOf(f)]!.codes))),
  }
}

/** What the touched query selects: incoming records, and records whose blocking values all equal an incoming record's. */
function reference(rows: readonly Row[], blockings: readonly (readonly BlockingFields[])[]): Row[] {
  const value = (row: Row, field: string) => row.values[FIELDS.indexOf(field)] ?? ''
  const incoming = rows.filter((r) => r.isNew)
  return rows.filter((r) => r.isNew || blockings.some((fields) => incoming.some((n) =>
    fields.every((f) => (f.matchEmpty || value(n, f.field) !== '') && value(n, f.field) === value(r, f.field)))))
}

function termCounts(rows: readonly Row[], field: string) {
  const value = (row: Row) => row.values[FIELDS.indexOf(field)] ?? ''
  const held = new Set(rows.filter((r) => r.isNew).map(value).filter((v) => v !== ''))
  return { present: rows.filter((r) => value(r) !== '').length, byValue: [...held].sort().map((v) => [v, rows.filter((r) => value(r) === v).length]) }
}

t.test('random projects: the same records, codes, values and term counts as the query and a database read', async (t) => {
  const next = random(7)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  let compared = 0, selectedSome = 0, withIndex = 0
  for (let round = 0; round < 300; round++) {
    const cachedRows = Math.floor(next() * 60), added = Math.floor(next() * 12), incoming = 1 + Math.floor(next() * 8)
    const rows: Row[] = []
    let id = 0
    for (let i = 0; i < cachedRows + added + incoming; i++) {
      id += 1 + Math.floor(next() * 3)
      rows.push({ id, eventType: 1 + Math.floor(next() * 2), isNew: i >= cachedRows + added, values: POOLS.map((pool) => pick(pool)) })
    }
    const blockings: BlockingFields[][] = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
      [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(FIELDS)))].map((field) => ({ field, matchEmpty: next() < 0.3 })))
    // Half the rounds with the file's block indexes (looked up), half without (every cached row scanned).
    const indexed = next() < 0.5 ? blockings.map((b) => b.map((f) => f.field)) : []
    if (indexed.length > 0) withIndex++
    const cache = cacheOf(rows.slice(0, cachedRows), indexed)
    const delta = table(rows.slice(cachedRows))
    const got = touchedFromCache(cache, delta, SPECS, blockings, ['a', 'c'])
    const want = reference(rows, blockings)
    const expected = table(want)
    const same = Array.from(got.ids).join() === Array.from(expected.ids).join()
      && Array.from(got.isNew).join() === Array.from(expected.isNew).join()
      && Array.from(got.eventTypeOf).join() === Array.from(expected.eventTypeOf).join()
      && Array.from(got.table!.isNew!).join() === Array.from(expected.table!.isNew!).join()
      && FIELDS.every((f) => Array.from(got.table!.column(f).codes).join() === Array.from(expected.table!.column(f).codes).join()
        && JSON.stringify(got.table!.column(f).values) === JSON.stringify(expected.table!.column(f).values))
      && ['a', 'c'].every((f) => {
        const counts = got.table!.termCounts(f)!
        return JSON.stringify({ present: counts.present, byValue: [...counts.byValue].sort() }) === JSON.stringify(termCounts(rows, f))
      })
    if (!same) {
      t.fail(`round ${round}: ${JSON.stringify({ rows, blockings, got: Array.from(got.ids), want: want.map((r) => r.id) })}`)
      return
    }
    compared++
    if (want.length > rows.filter((r) => r.isNew).length) selectedSome++
  }
  t.equal(compared, 300, 'every round equal')
  t.ok(selectedSome > 100, `existing records were selected through blocks in ${selectedSome} rounds`)
  t.ok(withIndex > 100 && withIndex < 200, `${withIndex} rounds through the block indexes, the others scanning`)
})

t.test('a value the delta shares with the copy is one value; a value only the delta holds is new', async (t) => {
  const rows: Row[] = [
    { id: 1, eventType: 1, isNew: false, values: ['x', '1', 'p', '1990-01-02'] },
    { id: 2, eventType: 1, isNew: false, values: ['y', '2', 'q', null] },
    { id: 5, eventType: 2, isNew: true, values: ['y', '3', 'r', '1990-01-02'] },
  ]
  const got = touchedFromCache(cacheOf(rows.slice(0, 2)), table(rows.slice(2)), SPECS, [[{ field: 'a', matchEmpty: false }]])
  t.same(Array.from(got.ids), [2, 5], 'the existing record of the incoming one\'s block, then the incoming one')
  t.same(got.table!.column('a').values, ['', 'y'], 'one code for the shared value')
  t.same(Array.from(got.table!.column('a').codes), [1, 1])
  t.same(got.table!.column('b').values, ['', '2', '3'], 'the delta\'s own value after the copy\'s')
  t.same(Array.from(got.table!.column('when').codes), [0, 1], 'a missing date is code 0, a date parsed once')
  t.same(Array.from(got.isNew), [0, 1])
})

t.test('a field that does not match empty blocks no record on an empty value; one that does, blocks them together', async (t) => {
  const rows: Row[] = [
    { id: 1, eventType: 1, isNew: false, values: [null, '1', 'p', null] },
    { id: 2, eventType: 1, isNew: false, values: ['', '2', 'q', null] },
    { id: 3, eventType: 1, isNew: true, values: ['', '3', 'r', null] },
  ]
  const strict = touchedFromCache(cacheOf(rows.slice(0, 2)), table(rows.slice(2)), SPECS, [[{ field: 'a', matchEmpty: false }]])
  t.same(Array.from(strict.ids), [3], 'only the incoming record')
  const loose = touchedFromCache(cacheOf(rows.slice(0, 2)), table(rows.slice(2)), SPECS, [[{ field: 'a', matchEmpty: true }]])
  t.same(Array.from(loose.ids), [1, 2, 3], 'NULL and empty alike share the empty block')
})
