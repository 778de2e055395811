import t from 'tap'
import { mkdtemp, readdir, rm, truncate, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RecordTableBuilder, tableFingerprint } from '@ligature/engine'
import { columnSpecs, type LinkageRecords } from '../../src/records/linkage-records.js'
import { readTableSnapshot, removeStaleSnapshots, writeTableSnapshot } from '../../src/records/table-snapshot.js'

const dir = await mkdtemp(join(tmpdir(), 'table-snapshot-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))

const FIELDS = ['givenName', 'surname', 'dateOfBirth', 'postcode']
let seed = 11
const random = () => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return seed / 2 ** 32 }
const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!

/** Records as a touched read gives them: ascending ids, some incoming, keys, term counts on two fields. */
function sampleRecords(n: number): LinkageRecords {
  const builder = new RecordTableBuilder(columnSpecs(FIELDS), 8)
  const ids = new Float64Array(n), eventTypeOf = new Int32Array(n), isNew = new Uint8Array(n), previousKeys = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    ids[i] = 1_000 + i * 3; eventTypeOf[i] = 1 + (i % 4); isNew[i] = random() < 0.2 ? 1 : 0
    previousKeys[i] = isNew[i] ? 0 : 2 ** 40 + Math.floor(random() * 1e6)
    builder.add([pick(['Zoë', 'Łukasz', '', 'ANN', '李', null]), `SMITH${Math.floor(random() * 500)}`,
      pick(['1980-01-02', '19991231', '', '2001-02-29']), String(2000 + Math.floor(random() * 50))], 0, isNew[i] === 1)
  }
  const table = builder.build()
  table.setTermCounts('surname', { byValue: new Map([['SMITH1', 40], ['SMITH2', 7]]), present: 123_456 })
  table.setTermCounts('givenName', { byValue: new Map([['Zoë', 3]]), present: 9 })
  return { ids, eventTypeOf, isNew, previousKeys, table }
}

t.test('a snapshot reads back as the records it was written from', async (t) => {
  const records = sampleRecords(5_000)
  const path = join(dir, 'touched.table')
  await writeTableSnapshot(path, records, 'touched/1')
  const back = await readTableSnapshot(path, 'touched/1')
  if (!back) return t.fail('no snapshot read')
  t.same([...back.ids], [...records.ids], 'ids')
  t.same([...back.eventTypeOf], [...records.eventTypeOf], 'event types')
  t.same([...back.isNew], [...records.isNew], 'incoming flags')
  t.same([...back.previousKeys], [...records.previousKeys], 'keys')
  const a = records.table!, b = back.table!
  t.equal(b.size, a.size)
  t.same([...b.isNew!], [...a.isNew!], 'the table\'s incoming flags')
  for (const name of FIELDS) {
    t.same([...b.column(name).codes], [...a.column(name).codes], `${name} codes`)
    t.same(b.column(name).values, a.column(name).values, `${name} dictionary`)
    t.same(b.column(name).spec, a.column(name).spec, `${name} spec`)
    t.same(b.termCounts(name), a.termCounts(name), `${name} term counts`)
  }
  t.same(b.column('dateOfBirth').years, a.column('dateOfBirth').years, 'dates parsed again alike')
  t.equal(tableFingerprint(b, back.ids, FIELDS), tableFingerprint(a, records.ids, FIELDS), 'the partitions\' fingerprint agrees')
  t.same(await readdir(dir), ['touched.table'], 'no temporary file left')
  t.equal(await readTableSnapshot(path, 'full/1'), null, 'a snapshot of another read is not used')
})

t.test('an empty table, a missing file and a cut one', async (t) => {
  const empty = join(dir, 'empty.table')
  await writeTableSnapshot(empty, sampleRecords(0), 'k')
  t.equal((await readTableSnapshot(empty, 'k'))?.table?.size, 0, 'an empty table round-trips')
  t.equal(await readTableSnapshot(join(dir, 'missing.table'), 'k'), null, 'a missing snapshot is null, for the caller to read the database')
  const cut = join(dir, 'cut.table')
  await writeTableSnapshot(cut, sampleRecords(1_000), 'k')
  await truncate(cut, (await stat(cut)).size - 100)
  await t.rejects(readTableSnapshot(cut, 'k'), /ends early/, 'a cut file is refused, not read short')
})

t.test('snapshots a day old are removed, newer ones and other files kept', async (t) => {
  const stale = await mkdtemp(join(tmpdir(), 'table-snapshot-stale-'))
  t.teardown(() => rm(stale, { recursive: true, force: true }))
  for (const name of ['old.table', 'old.table.1.tmp', 'new.table', 'notes.txt']) await writeFile(join(stale, name), 'x')
  const dayAgo = new Date(Date.now() - 25 * 3_600_000)
  for (const name of ['old.table', 'old.table.1.tmp', 'notes.txt']) await utimes(join(stale, name), dayAgo, dayAgo)
  await removeStaleSnapshots(stale)
  t.same((await readdir(stale)).sort(), ['new.table', 'notes.txt'])
})
