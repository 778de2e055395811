/**
 * Profiles a linkage's read of a whole project: node --import tsx workflows/bench/profile-read.ts [--records N] [--rounds R]
 * Loads N synthetic people into a scratch database, then per round, in turn: the bare COPY (split into fields,
 * nothing coded), the read on one thread, the read with a second thread coding half the columns on a thread
 * started for it, and the same on the process's kept thread (readLinkageRecords' secondThread, as a full read
 * asks for it; column-helper.ts, kept-column-thread.ts). Prints wall and this process's CPU per variant (the
 * helper thread's included), and checks the tables are the same.
 */
import { parseArgs } from 'node:util'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import type { RecordTable } from '@ligature/engine'
import { linkageRecordsQuery, readLinkageRecords } from '../src/records/linkage-records.js'
import { copyOutRaw } from '../src/records/copy-out.js'
import { returnColumnThread, takeColumnThread, warmColumnThread } from '../src/records/kept-column-thread.js'
import { withReadSettings } from '../src/records/read-settings.js'
import { fieldsUsed } from '../src/pipeline/match-config.js'
import { loadFile } from '../src/pipeline/load-file.js'
import { ensureRecordStore } from '../src/records/record-schema.js'
import { writeSyntheticDataset } from '../src/loading/index.js'
import { defaultStrategies, syntheticFilePlan } from './support/scratch-load.js'

const { values } = parseArgs({ options: { records: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '4' } } })
const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-'))
await writeSyntheticDataset({ records: Number(values.records), seed: 42 }, { csvPath: join(dir, 'people.csv') })
const database = await createTestDatabase()
const client = new pg.Client({ connectionString: database.url })
await client.connect()

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const started = performance.now(), cpu = process.cpuUsage()
  const value = await fn()
  const used = process.cpuUsage(cpu)
  return { value, wall: performance.now() - started, cpu: (used.user + used.system) / 1000 }
}

function sameTables(a: RecordTable, b: RecordTable): boolean {
  if (a.size !== b.size) return false
  return a.columnNames.every((name) => {
    const x = a.column(name), y = b.column(name)
    return x.values.length === y.values.length && x.values.every((v, k) => v === y.values[k]) && x.codes.every((c, k) => c === y.codes[k])
  })
}

try {
  const schema = await ensureRecordStore(client, 1)
  await loadFile(client, { folder: dir, reportDir: dir, reportName: 'invalid.csv', schema, linkageId: 1, file: syntheticFilePlan('people.csv') })
  const fields = fieldsUsed(defaultStrategies())
  const query = linkageRecordsQuery(schema, 1, fields, null, false)
  const line = (name: string, r: { wall: number; cpu: number }) => `${name} ${r.wall.toFixed(0)} ms (CPU ${r.cpu.toFixed(0)})`
  console.log(`profile-read: ${values.records} records, ${fields.length} fields, ${values.rounds} rounds`)
  await warmColumnThread()
  for (let round = 0; round < Number(values.rounds); round++) {
    const bare = await timed(() => withReadSettings(client, () => copyOutRaw(client, query, () => {})))
    const one = await timed(() => readLinkageRecords(client, schema, 1, fields, null, false))
    // Holding the kept thread makes the read start one of its own, as every read did before threads were kept.
    const held = takeColumnThread()
    const started = await timed(() => readLinkageRecords(client, schema, 1, fields, null, false, { secondThread: true }))
    await returnColumnThread(held, true)
    const kept = await timed(() => readLinkageRecords(client, schema, 1, fields, null, false, { secondThread: true }))
    const same = sameTables(one.value.table!, started.value.table!) && sameTables(one.value.table!, kept.value.table!)
    console.log(`round ${round}: ${line('bare COPY', bare)}, ${line('one thread', one)}, ${line('new second thread', started)}, ${line('kept second thread', kept)}; tables ${same ? 'equal' : 'DIFFER'}`)
    if (!same) process.exitCode = 1
  }
} finally {
  await client.end()
  await database.drop()
  await rm(dir, { recursive: true, force: true })
}
