/**
 * Times matching alone, for engine work:
 *   node --import tsx workflows/bench/profile-match.ts --records N [--rounds R] [--fields] [--database URL] [--snapshot] [--partition I/N]
 * Loads N synthetic people into a scratch database (kept when LIGATURE_KEEP_TEST_DB is set, which prints its name),
 * or reads the store such a run kept (--database), as a partition reads; then matches the whole table R times on
 * one thread and prints the time, the candidate pairs and a checksum of the kept pairs (count, score sum, hash of
 * pairs and strategies), so two versions of the engine run one after the other on the same store can be compared
 * for speed and for identical results. --fields also prints each matching field's cost per pair over the first
 * 8,000,000 candidate pairs of each strategy. --snapshot also matches the table as a partition on another worker
 * gets it, through a table snapshot, in alternate rounds, and prints the snapshot's write and load times.
 * --partition I/N matches only block partition I (from 0) of N, as one partition activity does: two processes
 * given 0/2 and 1/2 at once on a kept store are a linkage's partition phase without Postgres or Temporal.
 * --block-cap 100,5000 matches with each cap in turn (LIGATURE_BLOCK_CAP; the window stays the default), rounds
 * alternating, to compare large blocks by sorted neighbourhood with blocks compared whole on the same store.
 */
import { parseArgs } from 'node:util'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { buildBlocks, DEFAULT_BLOCK_CAP, DEFAULT_WINDOW, Matcher, neighbourhoodOf, StrategyScorer, type RecordTable, type StrategySpec } from '@ligature/engine'
import { candidateSteps } from '../engine/src/blocking/candidates.js'
import { readLinkageRecords } from '../src/records/linkage-records.js'
import { readTableSnapshot, writeTableSnapshot } from '../src/records/table-snapshot.js'
import { fieldsUsed } from '../src/pipeline/match-config.js'
import { loadFile } from '../src/pipeline/load-file.js'
import { ensureRecordStore } from '../src/records/record-schema.js'
import { writeSyntheticDataset } from '../src/loading/index.js'
import { defaultStrategies, syntheticFilePlan } from './support/scratch-load.js'

const { values } = parseArgs({ options: { records: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '2' },
  fields: { type: 'boolean', default: false }, database: { type: 'string' }, snapshot: { type: 'boolean', default: false },
  partition: { type: 'string', default: '0/1' }, 'block-cap': { type: 'string', default: String(DEFAULT_BLOCK_CAP) } } })
const [partitionIndex, partitionCount] = values.partition.split('/').map(Number) as [number, number]
if (!(Number.isInteger(partitionIndex) && Number.isInteger(partitionCount) && partitionIndex >= 0 && partitionIndex < partitionCount)) {
  throw new Error(`--partition must be I/N with 0 <= I < N, not ${values.partition}`)
}
const scratch = values.database ? null : await createTestDatabase()
const client = new pg.Client({ connectionString: values.database ?? scratch!.url })
await client.connect()
const strategies = defaultStrategies()
const caps = values['block-cap'].split(',').map(Number)
const withCap = (blockCap: number) => strategies.map((s) => ({ ...s, neighbourhood: { blockCap, window: DEFAULT_WINDOW } }))
let table: RecordTable
// --snapshot: the same records also through a table snapshot (what a partition on another worker loads), the two
// tables matched in alternate rounds; the results must be identical and the times alike.
const tables: { label: string; table: RecordTable }[] = []
try {
  const schema = await ensureRecordStore(client, 1)
  if (scratch) {
    const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-'))
    await writeSyntheticDataset({ records: Number(values.records), seed: 42 }, { csvPath: join(dir, 'people.csv') })
    await loadFile(client, { folder: dir, reportDir: dir, reportName: 'invalid.csv', schema, linkageId: 1, file: syntheticFilePlan('people.csv') })
    await rm(dir, { recursive: true, force: true })
  }
  const records = await readLinkageRecords(client, schema, 1, fieldsUsed(strategies), null, false)
  table = records.table!
  tables.push({ label: 'database', table })
  if (values.snapshot) {
    const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-'))
    let t = performance.now()
    await writeTableSnapshot(join(dir, 'records.table'), records, 'profile')
    const written = performance.now() - t
    t = performance.now()
    tables.push({ label: 'snapshot', table: (await readTableSnapshot(join(dir, 'records.table'), 'profile'))!.table! })
    console.log(`table snapshot: written in ${written.toFixed(0)} ms, loaded in ${(performance.now() - t).toFixed(0)} ms`)
    await rm(dir, { recursive: true, force: true })
  }
} finally {
  await client.end()
  await scratch?.drop()
}

for (let round = 0; round < Number(values.rounds) * tables.length * caps.length; round++) {
  const { label: source, table } = tables[round % tables.length]!
  const cap = caps[Math.floor(round / tables.length) % caps.length]!
  const label = caps.length > 1 ? `${source}, cap ${cap}` : source
  const cpu0 = process.cpuUsage(), faults0 = process.resourceUsage().minorPageFault, t = performance.now()
  const match = new Matcher(table, withCap(cap), { partition: { index: partitionIndex, count: partitionCount } }).result()
  const wall = performance.now() - t, cpu = process.cpuUsage(cpu0).user / 1000, faults = process.resourceUsage().minorPageFault - faults0
  const { left, right, score, strategy, length } = match.pairs
  let sum = 0, hash = 0
  for (let k = 0; k < length; k++) { sum += score[k]!; hash = (hash * 31 + left[k]! * 7 + right[k]! + strategy[k]!) % 1_000_000_007 }
  console.log(`${label}: match ${wall.toFixed(0)} ms (user CPU ${cpu.toFixed(0)} ms, ${faults} page faults); candidate pairs ${match.runs.map((r) => r.pairsCreated).join('/')}; ` +
    `kept ${length}, score sum ${sum.toFixed(6)}, hash ${hash}`)
}
if (values.fields) for (const strategy of strategies) fieldCosts(table, strategy)

/** Nanoseconds per pair of each matching field, over up to 8,000,000 of the strategy's candidate pairs. */
function fieldCosts(table: RecordTable, strategy: StrategySpec): void {
  const max = 8_000_000, left = new Int32Array(max), right = new Int32Array(max)
  let n = 0
  const steps = candidateSteps(table, strategy.blockingFields, (l, r, m) => {
    const take = Math.min(m, max - n)
    left.set(l.subarray(0, take), n); right.set(r.subarray(0, take), n); n += take
  }, { neighbourhood: neighbourhoodOf(strategy, table) }, buildBlocks(table, strategy.blockingFields), Infinity)
  while (n < max && !steps.next().done);
  const out = new Float64Array(1 << 16)
  const costs = new StrategyScorer(strategy, table).fields.map((field) => {
    const t = performance.now()
    for (let from = 0; from < n; from += out.length) {
      const m = Math.min(out.length, n - from)
      field.accumulate(left.subarray(from, from + m), right.subarray(from, from + m), m, out)
    }
    return `${field.field} ${((performance.now() - t) * 1e6 / Math.max(n, 1)).toFixed(0)}`
  })
  console.log(`${strategy.name} (${n} pairs), ns per pair: ${costs.join(', ')}`)
}
