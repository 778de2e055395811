import t from 'tap'
import { RecordTable } from '../columnar/record-table.js'
import { generateCandidates } from './candidates.js'
import { PairSet } from './pair-set.js'

const rows = [
  { sex: 'm', yob: '1980' }, { sex: 'm', yob: '1980' }, { sex: 'f', yob: '1980' }, { sex: 'm', yob: '1980' },
  { sex: '', yob: '1980' }, { sex: '', yob: '1980' }, { sex: 'f', yob: '' }, { sex: 'f', yob: '1990' },
]
const specs = [{ name: 'sex', kind: 'text' as const }, { name: 'yob', kind: 'text' as const }]

const collect = (table: RecordTable, fields: Parameters<typeof generateCandidates>[1],
  options: Parameters<typeof generateCandidates>[3] = {}) => {
  const pairs: string[] = []
  const stats = generateCandidates(table, fields, (l, r, n) => {
    for (let k = 0; k < n; k++) pairs.push(`${l[k]}-${r[k]}`)
  }, { chunkPairs: 2, ...options })
  return { pairs, stats }
}

t.test('all blocking fields must agree; matchEmpty decides about empty values', async tt => {
  const table = RecordTable.fromRows(rows, specs)
  const strict = collect(table, [{ field: 'sex', matchEmpty: false }, { field: 'yob', matchEmpty: false }])
  tt.same(strict.pairs, ['0-1', '0-3', '1-3'], 'records 4, 5 (empty sex) and 6 (empty yob) are left out')
  tt.equal(strict.stats.recordsExcluded, 3)
  tt.equal(strict.stats.recordsBlocked, 5)
  tt.equal(strict.stats.pairsCreated, 3)
  tt.same(strict.stats.topBlockingValues, [{ values: ['m', '1980'], records: 3, pairs: 3 }])
  const loose = collect(table, [{ field: 'sex', matchEmpty: true }, { field: 'yob', matchEmpty: false }])
  tt.same(loose.pairs, ['0-1', '0-3', '1-3', '4-5'], 'empty sex values form their own block')
})

t.test('existing records do not pair with each other; earlier pairs are skipped', async tt => {
  const isNew = Uint8Array.from([0, 0, 1, 1, 0, 0, 0, 0])
  const table = RecordTable.fromColumns({ sex: rows.map(r => r.sex), yob: rows.map(r => r.yob) }, specs, isNew)
  const exclude = new PairSet(2)
  exclude.add(3, 0)
  const { pairs, stats } = collect(table, [{ field: 'sex', matchEmpty: false }], { exclude })
  tt.same(pairs.sort(), ['1-3', '2-6', '2-7'], '0-1 and 6-7 are existing pairs, 0-3 was already kept')
  tt.equal(stats.pairsAlreadyLinked, 1)
})

t.test('a block over the cap makes its windows\' pairs and is reported; partitions split blocks', async tt => {
  const table = RecordTable.fromRows(rows, specs)
  // Sorted by sex, the empty values first: 4 5 2 0 1 3 (ties by record); each record meets the next one.
  const capped = collect(table, [{ field: 'yob', matchEmpty: false }], { neighbourhood: { blockCap: 4, window: 2, sortFields: ['sex'] } })
  tt.same(capped.pairs, ['4-5', '2-5', '0-2', '0-1', '1-3'])
  tt.same(capped.stats.largeBlocks, { blocks: 1, records: 6, pairsIfWhole: 15, pairsCreated: 5, largest: [{ values: ['1980'], records: 6, pairs: 5 }] })
  const all = collect(table, [{ field: 'sex', matchEmpty: true }]).pairs
  const parts = [0, 1, 2].map(index => collect(table, [{ field: 'sex', matchEmpty: true }],
    { partition: { index, count: 3 } }).pairs)
  tt.same(parts.flat().sort(), [...all].sort(), 'the partitions together produce every pair exactly once')
})

t.test('skewed blocks: partitions produce every pair exactly once, within 10 % of each other', async tt => {
  // 3,000 surnames with Zipf-like counts (the k-th commonest ~ 150/√k records), every third record existing.
  const surname: string[] = []
  for (let k = 1; k <= 3000; k++) for (let c = Math.floor(150 / Math.sqrt(k)); c > 0; c--) surname.push(`s${k}`)
  const isNew = Uint8Array.from(surname, (_, i) => (i % 3 === 0 ? 0 : 1))
  const table = RecordTable.fromColumns({ surname }, [{ name: 'surname', kind: 'text' }], isNew)
  const fields = [{ field: 'surname', matchEmpty: false }]
  const all = collect(table, fields, { chunkPairs: 4096 })
  for (const count of [2, 3]) {
    const parts = Array.from({ length: count }, (_, index) => collect(table, fields, { chunkPairs: 4096, partition: { index, count } }))
    const union = parts.flatMap(p => p.pairs)
    tt.equal(union.length, all.pairs.length, `${count} partitions: as many pairs as the whole table`)
    tt.equal(new Set(union).size, union.length, 'no pair in two partitions')
    tt.same(union.sort(), [...all.pairs].sort(), 'the same pairs as the whole table')
    const created = parts.map(p => p.stats.pairsCreated)
    const mean = all.stats.pairsCreated / count
    tt.ok((Math.max(...created) - Math.min(...created)) / mean <= 0.1, `pairs per partition ${created.join(' / ')}`)
    const again = collect(table, fields, { chunkPairs: 4096, partition: { index: 0, count } })
    tt.same(again.pairs, parts[0]!.pairs, 'the same partition again gives the same pairs')
  }
})

t.test('pair set grows and stays exact', async tt => {
  const set = new PairSet(2)
  for (let i = 0; i < 1000; i++) tt.equal(set.add(i, i * 7 + 1), true)
  tt.equal(set.add(8, 1), false, 'pair order does not matter')
  tt.equal(set.size, 1000)
  tt.equal(set.has(999, 6994), true)
  tt.equal(set.has(1, 2), false)
})
