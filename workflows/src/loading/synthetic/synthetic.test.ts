import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { parseDataFile } from '../parse/parse-data-file.js'
import { isInvalidRow } from '../parse/rows.js'
import { rowPreprocessor } from '../preprocess/preprocess-row.js'
import { dateError, typo } from '@ligature/engine'
import { syntheticPeople, type GeneratorStats } from '@ligature/engine'
import { Prng } from '@ligature/engine'
import { SYNTHETIC_IMPORT_FORMAT, SYNTHETIC_LAYOUT, writeSyntheticDataset } from './write-dataset.js'

t.test('the PRNG is deterministic and roughly uniform', async (t) => {
  const a = new Prng(42)
  const b = new Prng(42)
  const seqA = Array.from({ length: 5 }, () => a.next())
  t.same(seqA, Array.from({ length: 5 }, () => b.next()))
  t.not(seqA[0], new Prng(43).next())
  const buckets = new Array<number>(10).fill(0)
  const r = new Prng(7)
  for (let i = 0; i < 100_000; i++) buckets[r.int(10)]!++
  for (const n of buckets) t.ok(n > 9_500 && n < 10_500, `bucket ${n}`)
})

t.test('corruptions change values the way people do', async (t) => {
  const rng = new Prng(3)
  let changed = 0
  for (let i = 0; i < 200; i++) {
    const out = typo(rng, 'Margaret')
    t.ok(Math.abs(out.length - 8) <= 1, out)
    if (out !== 'Margaret') changed++
  }
  t.ok(changed > 180, `most typos change the value (${changed}/200)`)
  const swapped = new Set(Array.from({ length: 200 }, () => dateError(rng, '19800305')))
  t.ok(swapped.has('19800503'), 'day and month swapped')
  t.ok(swapped.has('19810305') || swapped.has('19790305'), 'year off by one')
})

t.test('same seed, same records; ground truth adds up', async (t) => {
  const take = (seed: number) => [...syntheticPeople({ records: 2000, seed })]
  t.same(take(5), take(5))
  t.not(JSON.stringify(take(5)), JSON.stringify(take(6)))
  const stats: GeneratorStats = { entities: 0, duplicateRecords: 0, truePairs: 0 }
  const people = [...syntheticPeople({ records: 10_000, seed: 9 }, stats)]
  t.equal(people.length, 10_000)
  t.equal(new Set(people.map((p) => p.recId)).size, 10_000, 'record ids are unique')
  const perEntity = new Map<number, number>()
  for (const p of people) perEntity.set(p.entityId, (perEntity.get(p.entityId) ?? 0) + 1)
  t.equal(perEntity.size, stats.entities)
  t.equal([...perEntity.values()].reduce((n, k) => n + (k * (k - 1)) / 2, 0), stats.truePairs)
  t.ok(stats.duplicateRecords > 2000 && stats.duplicateRecords < 5000, `duplicates ${stats.duplicateRecords}`)
  const firstTwenty = people.slice(0, 20).map((p) => p.entityId)
  t.not(JSON.stringify(firstTwenty), JSON.stringify([...firstTwenty].sort((a, b) => a - b)), 'order does not give the truth away')
})

t.test('the written CSV loads with its import format', async (t) => {
  const dir = t.testdir({})
  const csvPath = join(dir, 'people.csv')
  const truthPath = join(dir, 'truth.csv')
  const stats = await writeSyntheticDataset({ records: 5000, seed: 11 }, { csvPath, truthPath })
  t.equal(stats.records, 5000)
  t.equal((await readFile(truthPath, 'utf8')).trimEnd().split('\n').length, 5001)
  const pre = rowPreprocessor({ dateFormat: 'yyyyMMdd' })
  let stored = 0
  let invalid = 0
  let unparsed = 0
  let datesBlanked = 0
  for await (const row of parseDataFile({ path: csvPath, format: SYNTHETIC_IMPORT_FORMAT, layout: SYNTHETIC_LAYOUT })) {
    if (isInvalidRow(row)) { unparsed++; continue }
    const rec = pre(row)
    if (isInvalidRow(rec)) { invalid++; continue }
    stored++
    if (rec.blanked.includes('dateOfBirth')) datesBlanked++
  }
  t.equal(unparsed, 0, 'every generated row has all columns and an id')
  t.equal(invalid, 0, 'no row is refused')
  t.equal(stored, 5000)
  t.ok(datesBlanked > 0 && datesBlanked < 50, `a few mistyped dates are blanked (${datesBlanked})`)
})
