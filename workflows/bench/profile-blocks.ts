/**
 * Times blocking alone (issue 18): the default strategies' blocks over the table a touched linkage reads and over
 * the whole project, outside Temporal:
 *   node --import tsx workflows/bench/profile-blocks.ts --records 1000000 --incoming 10000 --rounds 7
 * Loads N synthetic people as linkage 1 and the next `incoming` as linkage 2 into a scratch database, reads both
 * tables as a partition would, then builds every strategy's blocks `rounds` times on each (a fresh table object
 * each round, so nothing is served from the blocks cache). To compare two versions, run it on each, or copy the
 * old blocks.ts beside it and alternate the two builders in one process.
 */
import { parseArgs } from 'node:util'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { activeStrategies, buildBlocks, RecordTable } from '@ligature/engine'
import { readForMatching } from '../src/pipeline/linkage-read.js'
import { loadFile } from '../src/pipeline/load-file.js'
import { ensureRecordStore } from '../src/records/record-schema.js'
import { readyForTouchedRead } from '../src/records/touched-records.js'
import { defaultStrategies, syntheticFilePlan, writeExistingAndIncoming } from './support/scratch-load.js'

const { values } = parseArgs({ options: { records: { type: 'string', default: '1000000' }, incoming: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '7' } } })
const size = Number(values.records), incoming = Number(values.incoming), rounds = Number(values.rounds)
const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-'))
await writeExistingAndIncoming(dir, size, incoming)
const database = await createTestDatabase()
const client = new pg.Client({ connectionString: database.url })
await client.connect()
try {
  const schema = await ensureRecordStore(client, 1)
  const strategies = defaultStrategies()
  const load = (linkageId: number, fileName: string) => loadFile(client, { folder: dir, reportDir: dir, reportName: 'invalid.csv', schema, linkageId,
    file: syntheticFilePlan(fileName) })
  await load(1, 'existing.csv')
  await load(2, 'incoming.csv')
  await readyForTouchedRead(client, schema, strategies)
  const tables = {
    touched: (await readForMatching(client, schema, 2, strategies, 'touched')).table!,
    whole: (await readForMatching(client, schema, 2, strategies, 'full')).table!,
  }
  const fieldsets = activeStrategies(strategies).map((s) => s.blockingFields)
  for (const [label, table] of Object.entries(tables)) {
    const columns = table.columnNames.map((c) => table.column(c))
    const times: number[] = []
    let blocks = 0
    for (let round = 0; round < rounds; round++) {
      const fresh = new RecordTable(table.size, columns, table.isNew)
      const started = performance.now()
      blocks = fieldsets.reduce((sum, fields) => sum + buildBlocks(fresh, fields).count, 0)
      times.push(performance.now() - started)
    }
    const sorted = [...times].sort((a, b) => a - b)
    console.log(`${label}: ${table.size} records, ${fieldsets.length} strategies, ${blocks} blocks: ${times.map((t) => t.toFixed(0)).join(' ')} ms (median ${sorted[Math.floor(rounds / 2)]!.toFixed(0)})`)
  }
} finally {
  await client.end()
  await database.drop()
  await rm(dir, { recursive: true, force: true })
}
