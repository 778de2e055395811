/**
 * bench:scale [--sizes 100000,1000000,3000000,10000000] [--workers 2] — the scaling curve: bench:linkage run once
 * per size, each in its own process (so one size's memory never carries into the next), and a table of
 * seconds upload → keys, candidate pairs and peak RSS per process, with each size's time per record against the
 * smallest's (1.00 is linear), and the keys' pairwise precision and recall against the generator's truth. A size that fails (out of memory, a failed envelope) is reported and ends the
 * curve: the sizes above it would fail the same way.
 * Run: npm run bench:scale -- --sizes 100000,1000000,3000000   (Postgres, NATS and Temporal running)
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const { values } = parseArgs({ options: {
  sizes: { type: 'string', default: '100000,1000000,3000000,10000000' },
  workers: { type: 'string', default: '2' }, seed: { type: 'string', default: '42' },
} })
const sizes = values.sizes.split(',').map(Number)
const linkageBench = fileURLToPath(new URL('./linkage.ts', import.meta.url))

interface Point { records: number; seconds: number; candidatePairs: number; workerPeakMiB: number; platformPeakMiB: number; precision: number; recall: number; largestGroup: number }

/** One bench:linkage run; its printed report is parsed for the figures of the curve. */
function runSize(records: number): Promise<Point> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-old-space-size=4096', '--import', 'tsx', linkageBench,
      '--records', String(records), '--workers', values.workers, '--seed', values.seed], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString() })
    child.once('exit', (code, signal) => {
      // The whole report (load, link phases, after-complete steps, per-activity peaks) outlives the run.
      const report = join(tmpdir(), `bench-scale-${records}.txt`)
      writeFileSync(report, out)
      console.log(`  (bench:linkage report for ${records} records: ${report})`)
      const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN)
      const workerPeaks = [...(/peak RSS per worker\s+(.*)/.exec(out)?.[1] ?? '').matchAll(/(\d+) MiB/g)].map((m) => Number(m[1]))
      const point: Point = {
        records, seconds: num(/total upload → keys\s+([\d.]+) s/), candidatePairs: num(/candidate pairs\s+(\d+)/),
        workerPeakMiB: workerPeaks.length ? Math.max(...workerPeaks) : NaN, platformPeakMiB: num(/peak RSS platform\s+(\d+) MiB/),
        precision: num(/keys against the truth\s+precision ([\d.]+)/), recall: num(/keys against the truth.*recall ([\d.]+)/),
        largestGroup: num(/largest group (\d+) records/),
      }
      if (code === 0 && Number.isFinite(point.seconds)) resolve(point)
      else reject(new Error(`bench:linkage --records ${records} ended ${signal ?? `with code ${code}`}:\n${out.split('\n').slice(-15).join('\n')}`))
    })
  })
}

console.log(`bench:scale  sizes ${sizes.join(', ')}, ${values.workers} worker process(es), seed ${values.seed}`)
const points: Point[] = []
for (const records of sizes) {
  try {
    points.push(await runSize(records))
    const p = points.at(-1)!
    console.log(`  ${String(records).padStart(9)} records  ${p.seconds.toFixed(2)} s  ${p.candidatePairs} candidate pairs  peak RSS worker ${p.workerPeakMiB} MiB, platform ${p.platformPeakMiB} MiB`)
  } catch (err) {
    console.log(`  ${String(records).padStart(9)} records  FAILED: ${(err as Error).message}`)
    break
  }
}
const base = points[0]
if (base) {
  // Per record against the smallest and against the size before: the curve's shape. Per candidate pair: with
  // blocks that grow with the data, pairs grow faster than records, and this says whether each pair got dearer.
  console.log('\n  records      seconds   time/record vs smallest, vs previous   candidate pairs   µs/pair   peak RSS (worker, platform)   keys: precision, recall, largest group')
  points.forEach((p, i) => {
    const perRecord = (q: Point) => q.seconds / q.records
    const prev = points[i - 1]
    const vsPrev = prev ? `${(perRecord(p) / perRecord(prev)).toFixed(2)}×` : '—'
    console.log(`  ${String(p.records).padStart(9)}  ${p.seconds.toFixed(2).padStart(9)}   ${(perRecord(p) / perRecord(base)).toFixed(2).padStart(8)}×  ${vsPrev.padStart(8)}`
      + `           ${String(p.candidatePairs).padStart(12)}   ${((p.seconds * 1e6) / p.candidatePairs).toFixed(3).padStart(7)}   ${p.workerPeakMiB} MiB, ${p.platformPeakMiB} MiB`
      + `   ${p.precision.toFixed(4)}, ${p.recall.toFixed(4)}, ${p.largestGroup}`)
  })
}
