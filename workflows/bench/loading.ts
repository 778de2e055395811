/**
 * Loading benchmark (single thread): generate N synthetic person records as CSV, then stream them through
 * the data-file parser alone and through parser + preprocessing, and print rows per second and peak RSS.
 *   node --import tsx workflows/bench/loading.ts [--records 1000000] [--seed 1] [--dir /tmp/x] [--keep]
 * Database COPY is not included: this measures the part of loading that runs in the worker's CPU.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseDataFile } from '../src/loading/parse/parse-data-file.js'
import { isInvalidRow } from '../src/loading/parse/rows.js'
import { rowPreprocessor } from '../src/loading/preprocess/preprocess-row.js'
import { SYNTHETIC_IMPORT_FORMAT, SYNTHETIC_LAYOUT, writeSyntheticDataset } from '../src/loading/synthetic/write-dataset.js'

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? Number(process.argv[at + 1]) : fallback
}
const argText = (name: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : undefined
}
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')

/** Wall-clock and CPU seconds since `start`: on a shared machine CPU time is the steadier figure. */
function clock() {
  const t0 = performance.now()
  const c0 = process.cpuUsage()
  return () => {
    const c = process.cpuUsage(c0)
    return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 }
  }
}
const rate = (rows: number, t: { wall: number; cpu: number }) =>
  `${t.wall.toFixed(2)} s wall (${fmt(rows / t.wall)} rows/s), ${t.cpu.toFixed(2)} s CPU (${fmt(rows / t.cpu)} rows/s per core)`

async function main(): Promise<void> {
  const records = arg('records', 1_000_000)
  const seed = arg('seed', 1)
  const dir = argText('dir') ?? (await mkdtemp(join(tmpdir(), 'ligature-loading-bench-')))
  const csvPath = join(dir, 'people.csv')
  const input = { path: csvPath, format: SYNTHETIC_IMPORT_FORMAT, layout: SYNTHETIC_LAYOUT }

  let elapsed = clock()
  const stats = await writeSyntheticDataset({ records, seed }, { csvPath, truthPath: join(dir, 'truth.csv') })
  const bytes = (await stat(csvPath)).size
  console.log(`generate  ${fmt(records)} records (${fmt(stats.entities)} people, ${fmt(stats.truePairs)} true pairs), ${(bytes / 1e6).toFixed(1)} MB: ${rate(records, elapsed())}`)

  elapsed = clock()
  let parsed = 0
  for await (const row of parseDataFile(input)) if (!isInvalidRow(row)) parsed++
  console.log(`parse     ${fmt(parsed)} rows: ${rate(parsed, elapsed())}`)

  const preprocess = rowPreprocessor({ dateFormat: 'yyyyMMdd' })
  elapsed = clock()
  let stored = 0
  let invalid = 0
  for await (const row of parseDataFile(input)) {
    if (isInvalidRow(row) || isInvalidRow(preprocess(row))) invalid++
    else stored++
  }
  console.log(`parse+pre ${fmt(stored)} records, ${fmt(invalid)} invalid rows: ${rate(stored + invalid, elapsed())}`)
  console.log(`peak RSS  ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`)

  if (process.argv.includes('--keep')) console.log(`files kept in ${dir}`)
  else if (!argText('dir')) await rm(dir, { recursive: true, force: true })
}

await main()
