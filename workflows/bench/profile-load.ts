/**
 * Where a file load's time goes, outside Temporal: node --import tsx workflows/bench/profile-load.ts --records N [--threads 1,2]
 * Writes N synthetic people (seed 42), then times passes over the same file: csv parsing only, parsing +
 * preprocessing, + building the COPY text, the record-boundary scan alone (what the main thread does before
 * handing ranges to threads), and the full loadFile into a scratch database once per --threads value (with the
 * Postgres backend's own CPU seconds, read from /proc, so the database side of COPY is visible), each into an
 * empty store. The parse threads are kept between loads (kept-range-pool.ts): `--threads 2,2` shows a load on
 * new threads, then one on warm threads.
 */
import { parseArgs } from 'node:util'
import { createReadStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir, loadavg } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase, processCpuSeconds } from '@ligature/testkit'
import { loadFile } from '../src/pipeline/load-file.js'
import { RangeSplitter } from '../src/loading/parse/record-boundaries.js'
import { ensureRecordStore, quoteIdent } from '../src/records/record-schema.js'
import { SYNTHETIC_IMPORT_FORMAT, SYNTHETIC_LAYOUT, dateFormatOf, isInvalidRow, parseDataFile, rowPreprocessor, writeSyntheticDataset, copyTextLine, recordValues } from '../src/loading/index.js'
import { syntheticFilePlan } from './support/scratch-load.js'

// node CPU counts this process's threads too, so with threads > 1 it is the CPU of the whole load outside Postgres.
const { values } = parseArgs({ options: { records: { type: 'string', default: '1000000' }, threads: { type: 'string', default: '1,2' }, passes: { type: 'string', default: 'parse,preprocess,copytext,scan,load' } } })
const passes = new Set(values.passes.split(','))
const dir = await mkdtemp(join(tmpdir(), 'ligature-profile-load-'))
const path = join(dir, 'people.csv')
await writeSyntheticDataset({ records: Number(values.records), seed: 42 }, { csvPath: path })
const s = (t: number) => ((performance.now() - t) / 1000).toFixed(2)
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6 }
const input = { path, format: SYNTHETIC_IMPORT_FORMAT, layout: SYNTHETIC_LAYOUT }
console.log(`profile-load  ${values.records} records, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
async function pass(name: string, body: () => Promise<string>) {
  if (!passes.has(name)) return
  const t = performance.now(), c = cpu()
  const extra = await body()
  console.log(`  ${name.padEnd(10)} ${s(t)} s wall, ${(cpu() - c).toFixed(2)} s node CPU  ${extra}`)
}
await pass('parse', async () => { let n = 0; for await (const _ of parseDataFile(input)) n++; return `(${n} rows)` })
await pass('preprocess', async () => {
  const pre = rowPreprocessor({ dateFormat: dateFormatOf(SYNTHETIC_IMPORT_FORMAT) ?? null })
  let n = 0
  for await (const row of parseDataFile(input)) if (!isInvalidRow(row) && !isInvalidRow(pre(row))) n++
  return `(${n} records)`
})
await pass('copytext', async () => {
  const pre = rowPreprocessor({ dateFormat: dateFormatOf(SYNTHETIC_IMPORT_FORMAT) ?? null })
  let bytes = 0
  for await (const row of parseDataFile(input)) {
    if (isInvalidRow(row)) continue
    const rec = pre(row)
    if (!isInvalidRow(rec)) bytes += ('1\t1\t0\t' + rec.rowNumber + '\t' + copyTextLine(recordValues(rec))).length
  }
  return `(${(bytes / 1024 ** 2).toFixed(0)} MiB COPY text)`
})
await pass('scan', async () => {
  const splitter = new RangeSplitter(44, 4 * 1024 ** 2)
  let ranges = 0
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) ranges += splitter.push(chunk as Buffer).length
  return `(${ranges + splitter.end().length} ranges of 4 MiB)`
})
const database = await createTestDatabase()
const client = new pg.Client({ connectionString: database.url })
await client.connect()
try {
  const schema = await ensureRecordStore(client, 1)
  const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
  const pgCpu = () => processCpuSeconds(backend)
  for (const threads of values.threads.split(',').map(Number)) await pass('load', async () => {
    // Every pass loads into an empty store: a table already holding earlier passes' rows costs Postgres more.
    await client.query(`truncate ${quoteIdent(schema)}.records`)
    const p0 = pgCpu()
    const loaded = await loadFile(client, { folder: dir, reportDir: dir, reportName: 'invalid.csv', schema, linkageId: 1, threads,
      file: syntheticFilePlan('people.csv') })
    return `(${loaded.threads} thread${loaded.threads === 1 ? '' : 's'}: ${loaded.added} added, ${loaded.invalid} invalid; Postgres backend CPU ${(pgCpu() - p0).toFixed(2)} s)`
  })
} finally {
  await client.end()
  await database.drop()
  await rm(dir, { recursive: true, force: true })
}
