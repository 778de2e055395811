/**
 * Profiles the touched-block read (issue 18) outside Temporal:
 *   node --import tsx workflows/bench/profile-touched-read.ts --records 1000000 --incoming 10000
 * Loads N synthetic people as linkage 1 and the next `incoming` as linkage 2 into a scratch database (no keys),
 * builds the blocking indexes, then times each part of linkage 2's reads, before and after ANALYZE (--plan: with the
 * plan of the whole read each time), then the touched query alone under the server's planner settings and under the
 * linkage read's (read-settings.ts), three rounds alternating; then the touched read as a partition makes it (term
 * counts on a second connection) with its fields coded on one thread and with half on the kept second thread
 * (kept-column-thread.ts, started first as a worker does at boot), --rounds rounds alternating, with this process's CPU.
 */
import { parseArgs } from 'node:util'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { activeStrategies } from '@ligature/engine'
import { readForGrouping, readForMatching, type SecondConnection } from '../src/pipeline/linkage-read.js'
import { warmColumnThread } from '../src/records/kept-column-thread.js'
import { loadFile } from '../src/pipeline/load-file.js'
import { ensureRecordStore } from '../src/records/record-schema.js'
import { linkageRecordsQuery } from '../src/records/linkage-records.js'
import { copyOutRaw } from '../src/records/copy-out.js'
import { LINKAGE_READ_SETTINGS, withReadSettings } from '../src/records/read-settings.js'
import { fieldsUsed } from '../src/pipeline/match-config.js'
import { ensureLinkageIndexes, readTermCounts, termFrequencyFields, touchedBlocksQuery } from '../src/records/touched-records.js'
import { defaultStrategies, syntheticFilePlan, writeExistingAndIncoming } from './support/scratch-load.js'

const { values } = parseArgs({ options: { records: { type: 'string', default: '100000' }, incoming: { type: 'string', default: '10000' }, plan: { type: 'boolean', default: false }, rounds: { type: 'string', default: '5' } } })
const size = Number(values.records), incoming = Number(values.incoming)
const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-'))
await writeExistingAndIncoming(dir, size, incoming)
const database = await createTestDatabase()
const client = new pg.Client({ connectionString: database.url })
await client.connect()
const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`
try {
  const schema = await ensureRecordStore(client, 1)
  const strategies = defaultStrategies()
  const load = (linkageId: number, fileName: string) => loadFile(client, { folder: dir, reportDir: dir, reportName: 'invalid.csv', schema, linkageId,
    file: syntheticFilePlan(fileName) })
  let t = performance.now()
  await load(1, 'existing.csv')
  console.log(`load ${size} existing: ${ms(t)}`)
  t = performance.now()
  await ensureLinkageIndexes(client, schema, strategies)
  console.log(`build indexes: ${ms(t)}`)
  await client.query(`vacuum analyze ${schema}.records`)
  t = performance.now()
  await load(2, 'incoming.csv')
  console.log(`load ${incoming} incoming (indexes kept up): ${ms(t)}`)
  for (const field of termFrequencyFields(strategies)) {
    t = performance.now()
    const counts = await readTermCounts(client, schema, 2, field)
    console.log(`term counts ${field}: ${counts.byValue.size} values, ${counts.present} present: ${ms(t)}`)
  }
  // Statistics after the incoming load (issue 18): the planner's estimate of the incoming linkage's rows decides
  // between nested loops and hash joins. Each read twice, so the second is a warm-cache figure.
  const touchedRead = async (label: string) => {
    for (const pass of ['cold', 'warm']) {
      t = performance.now()
      const touched = await readForMatching(client, schema, 2, strategies, 'touched')
      console.log(`touched read (${label}, ${pass}): ${touched.ids.length} records: ${ms(t)}`)
    }
    if (!values.plan) return
    const sql = linkageRecordsQuery(schema, 2, fieldsUsed(strategies), touchedBlocksQuery(schema, 2, activeStrategies(strategies)))
    // Under the settings the read itself runs with: without them the plan differs (a hash join over a
    // sequential scan of the whole project for the address strategy, which the read does not use).
    const plan = await withReadSettings(client, () => client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`))
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'))
  }
  await touchedRead('statistics from before the incoming load')
  t = performance.now()
  await client.query(`analyze ${schema}.records (linkage_id)`)
  console.log(`analyze records (linkage_id): ${ms(t)}`)
  await touchedRead('linkage_id analysed')
  t = performance.now()
  await client.query(`analyze ${schema}.records`)
  console.log(`analyze records (every column): ${ms(t)}`)
  await touchedRead('every column analysed')
  // The planner settings every linkage read runs under (read-settings.ts) against the server's own, alternating.
  const touchedSql = linkageRecordsQuery(schema, 2, fieldsUsed(strategies), touchedBlocksQuery(schema, 2, activeStrategies(strategies)))
  for (let round = 1; round <= 3; round++) {
    for (const variant of ['server defaults', 'linkage read settings'] as const) {
      t = performance.now()
      const rows = variant === 'server defaults' ? await copyOutRaw(client, touchedSql, () => {})
        : await withReadSettings(client, () => copyOutRaw(client, touchedSql, () => {}))
      const label = variant === 'server defaults' ? variant : `${variant} (${Object.entries(LINKAGE_READ_SETTINGS).map(([k, v]) => `${k} ${v}`).join(', ')})`
      console.log(`touched query only, ${label}, round ${round}: ${rows} rows: ${ms(t)}`)
    }
  }
  await warmColumnThread()
  const other = new pg.Client({ connectionString: database.url })
  await other.connect()
  try {
    const second: SecondConnection = (fn) => fn(other)
    for (let round = 1; round <= Number(values.rounds); round++) {
      for (const [label, coding] of [['one thread', { secondThread: false }], ['kept second thread', { secondThread: true }]] as const) {
        t = performance.now()
        const cpu = process.cpuUsage()
        const touched = await readForMatching(client, schema, 2, strategies, 'touched', false, second, coding)
        const used = process.cpuUsage(cpu)
        console.log(`touched read as a partition makes it, ${label}, round ${round}: ${touched.ids.length} records: ${ms(t)} (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms)`)
      }
    }
  } finally {
    await other.end()
  }
  t = performance.now()
  const full = await readForMatching(client, schema, 2, strategies, 'full')
  console.log(`full read: ${full.ids.length} records: ${ms(t)}`)
  t = performance.now()
  const group = await readForGrouping(client, schema, 2, 'touched')
  console.log(`grouping read: ${group.ids.length} records: ${ms(t)}`)
} finally {
  await client.end()
  await database.drop()
  await rm(dir, { recursive: true, force: true })
}
