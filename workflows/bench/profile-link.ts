/**
 * Profiles the link step's parts on one project, outside Temporal: node --import tsx workflows/bench/profile-link.ts --records N
 * Loads N synthetic people into a scratch database, then times reading, each strategy per partition, the
 * pair writes, grouping on disk and the key writes. For finding where the link step's time goes.
 */
import { parseArgs } from 'node:util'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { Matcher } from '@ligature/engine'
import { readLinkageRecords } from '../src/records/linkage-records.js'
import { writePartitionPairs, clearLinkagePairs } from '../src/records/linkage-pairs.js'
import { groupLinkage } from '../src/pipeline/group-linkage.js'
import { fieldsUsed } from '../src/pipeline/match-config.js'
import { loadFile } from '../src/pipeline/load-file.js'
import { ensureRecordStore } from '../src/records/record-schema.js'
import { writeSyntheticDataset } from '../src/loading/index.js'
import { defaultStrategies, syntheticFilePlan } from './support/scratch-load.js'

const { values } = parseArgs({ options: { records: { type: 'string', default: '100000' }, partitions: { type: 'string', default: '4' } } })
const partitions = Number(values.partitions)
const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-'))
await writeSyntheticDataset({ records: Number(values.records), seed: 42 }, { csvPath: join(dir, 'people.csv') })
const database = await createTestDatabase()
const client = new pg.Client({ connectionString: database.url })
await client.connect()
const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`
try {
  const schema = await ensureRecordStore(client, 1)
  let t = performance.now()
  const loaded = await loadFile(client, { folder: dir, reportDir: dir, reportName: 'invalid.csv', schema, linkageId: 1,
    file: syntheticFilePlan('people.csv') })
  console.log(`load ${loaded.added} records: ${ms(t)}`)
  const strategies = defaultStrategies()
  t = performance.now()
  const records = await readLinkageRecords(client, schema, 1, fieldsUsed(strategies))
  console.log(`read ${records.ids.length} records with ${fieldsUsed(strategies).length} fields: ${ms(t)}`)
  await clearLinkagePairs(client, schema, 1)
  for (let index = 0; index < partitions; index++) {
    const matcher = new Matcher(records.table!, strategies, { partition: { index, count: partitions } })
    const parts: string[] = []
    const cpu0 = process.cpuUsage()
    for (;;) { t = performance.now(); if (!matcher.step()) break; parts.push(ms(t)) }
    // User CPU near the strategies' wall time says matching is one thread (no GC helpers eating the other core).
    const cpu = process.cpuUsage(cpu0)
    console.log(`  process CPU during match: user ${(cpu.user / 1000).toFixed(0)} ms, system ${(cpu.system / 1000).toFixed(0)} ms`)
    const match = matcher.result()
    t = performance.now()
    await writePartitionPairs(client, { schema, linkageId: 1, partition: index }, records.ids, match)
    console.log(`partition ${index}: strategies ${parts.join(' / ')}; pairs created ${match.runs.map((r) => r.pairsCreated).join('/')}, kept ${match.pairs.length}; write ${ms(t)}`)
  }
  t = performance.now()
  const group = await groupLinkage(client, { schema, linkageId: 1, groupStrategy: 'WeightedBestLinkOnDisk', authoritativeEventTypeIds: [], strategyCount: strategies.length })
  console.log(`group: read ${group.readMs} ms, group ${group.groupMs} ms, write ${group.writeMs} ms (total ${ms(t)}); ${group.groupsNew} groups`)
} finally {
  await client.end()
  await database.drop()
  await rm(dir, { recursive: true, force: true })
}
