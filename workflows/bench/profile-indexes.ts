/**
 * Profiles building the touched read's indexes after a project's first load (issue 18: "indexes" is part of the
 * link step's serial tail, after grouping and keys):
 *   node --import tsx workflows/bench/profile-indexes.ts --records 1000000 --mem 64MB,128MB --connections 1,2 --workers server,0
 * Loads N synthetic people as linkage 1 into a scratch database, then builds the indexes once per variant
 * (maintenance_work_mem × connections building at once × max_parallel_maintenance_workers), dropping them
 * before each, variants alternating for --rounds. The platform builds them on one connection with the server's
 * settings (ensureLinkageIndexes): `--connections 1 --workers server` at the server's maintenance_work_mem.
 */
import { parseArgs } from 'node:util'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { loadFile } from '../src/pipeline/load-file.js'
import { ensureRecordStore, quoteIdent } from '../src/records/record-schema.js'
import { withSessionSettings } from '../src/records/session-settings.js'
import { linkageIndexStatements } from '../src/records/touched-records.js'
import { writeSyntheticDataset } from '../src/loading/index.js'
import { defaultStrategies, syntheticFilePlan } from './support/scratch-load.js'

const { values } = parseArgs({ options: {
  records: { type: 'string', default: '1000000' }, mem: { type: 'string', default: '64MB,128MB' },
  connections: { type: 'string', default: '1,2' }, rounds: { type: 'string', default: '2' },
  // max_parallel_maintenance_workers per build: 'server' keeps the server's setting.
  workers: { type: 'string', default: 'server' },
} })
const size = Number(values.records)
const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-'))
await writeSyntheticDataset({ records: size, seed: 42 }, { csvPath: join(dir, 'people.csv') })
const database = await createTestDatabase()
const pool = new pg.Pool({ connectionString: database.url, max: 4 })
pool.on('error', () => undefined) // the scratch database's drop ends idle connections
const client = await pool.connect()
const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(2)
try {
  const schema = await ensureRecordStore(client, 1)
  const strategies = defaultStrategies()
  let t = performance.now()
  await loadFile(client, { folder: dir, reportDir: dir, reportName: 'invalid.csv', schema, linkageId: 1, file: syntheticFilePlan('people.csv') })
  console.log(`load ${size} records: ${seconds(t)} s`)
  await client.query(`vacuum analyze ${schema}.records`)
  const statements = linkageIndexStatements(schema, strategies)
  console.log(`${statements.length} indexes: ${statements.map((s) => s.name).join(', ')}`)
  const dropAll = async () => {
    for (const s of statements) await client.query(`drop index if exists ${quoteIdent(schema)}.${quoteIdent(s.name)}`)
    await client.query('checkpoint')
  }
  // Each connection takes the next index not yet started; CREATE INDEX statements share their lock on the table.
  const build = async (connections: number, settings: Record<string, string>) => {
    const queue = [...statements]
    await Promise.all(Array.from({ length: connections }, async () => {
      const connection = await pool.connect()
      try {
        await withSessionSettings(connection, settings, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await connection.query(next.sql)
        })
      } finally { connection.release() }
    }))
  }
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const mem of values.mem.split(',')) {
      for (const connections of values.connections.split(',').map(Number)) {
        for (const workers of values.workers.split(',')) {
          await dropAll()
          const parallelWorkers = workers === 'server' ? undefined : Number(workers)
          t = performance.now()
          await build(connections, { maintenance_work_mem: mem, ...(parallelWorkers === undefined ? {} : { max_parallel_maintenance_workers: String(parallelWorkers) }) })
          console.log(`round ${round}, maintenance_work_mem ${mem}, ${connections} connection(s), parallel workers ${workers}: ${seconds(t)} s`)
        }
      }
    }
  }
} finally {
  client.release()
  await pool.end()
  await database.drop()
  await rm(dir, { recursive: true, force: true })
}
