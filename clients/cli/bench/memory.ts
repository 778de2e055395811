/**
 * Peak memory of `ligature envelope build` and `envelope send` on a large source (default 1 GiB), run as
 * the installed bundle in a child process whose VmHWM (peak resident set) is read from /proc while it runs.
 * The source is seeded synthetic people (@ligature/engine). The upload goes to a local sink that answers as
 * POST /envelopes does, so only the CLI's memory is measured.
 *   node --import tsx clients/cli/bench/memory.ts [--gib 1]
 */
import { spawn, execFileSync } from 'node:child_process'
import { createServer } from 'node:http'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { standardDefinition } from '../test/fixtures.js'
import { SOURCE_MAPPING, writeSource } from '../test/source-csv.js'

const gib = Number(process.argv[process.argv.indexOf('--gib') + 1] ?? 1) || 1
const cliDir = new URL('..', import.meta.url).pathname
execFileSync(process.execPath, ['build.mjs'], { cwd: cliDir })
const dir = await mkdtemp(join(tmpdir(), 'ligature-bench-'))
const mib = (n: number) => `${(n / 1048576).toFixed(0)} MiB`

let t0 = Date.now()
const { rows } = await writeSource(join(dir, 'source.csv'), { bytes: gib * 1024 ** 3, seed: 1 })
const size = (await stat(join(dir, 'source.csv'))).size
console.log(`source: ${rows.toLocaleString('en-AU')} rows, ${mib(size)} (generated in ${((Date.now() - t0) / 1000).toFixed(0)} s)`)
await writeFile(join(dir, 'def.json'), JSON.stringify(standardDefinition()))
await writeFile(join(dir, 'map.yaml'), SOURCE_MAPPING)

let received = 0
const sink = createServer((req, res) => {
  req.on('data', (c: Buffer) => { received += c.length })
  req.on('end', () => { res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'big', displayName: 'big.zip', createdDate: null, status: 1, statusName: 'Pending', type: 1, typeName: 'Linkage' })) })
})
await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r))
const url = `http://127.0.0.1:${(sink.address() as { port: number }).port}`

async function peak(args: string[]): Promise<{ code: number; peakKiB: number; seconds: number }> {
  const started = Date.now()
  const child = spawn(join(cliDir, 'bin/ligature.js'), args, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LIGATURE_URL: url, LIGATURE_TOKEN: 'bench' } })
  let peakKiB = 0
  const poll = setInterval(() => void readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '').then((status) => {
    const hwm = /VmHWM:\s+(\d+)/.exec(status)
    if (hwm) peakKiB = Math.max(peakKiB, Number(hwm[1]))
  }), 50)
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? 1)))
  clearInterval(poll)
  return { code, peakKiB, seconds: (Date.now() - started) / 1000 }
}

t0 = Date.now()
const build = await peak(['envelope', 'build', '--definition', 'def.json', '--data', 'source.csv', '--map', 'map.yaml', '--out', 'big.zip', '--skip-invalid'])
const zipSize = (await stat(join(dir, 'big.zip'))).size
console.log(`envelope build: exit ${build.code}, ${build.seconds.toFixed(0)} s, zip ${mib(zipSize)}, peak RSS ${mib(build.peakKiB * 1024)}`)
const send = await peak(['envelope', 'send', 'big.zip'])
console.log(`envelope send:  exit ${send.code}, ${send.seconds.toFixed(0)} s, ${mib(received)} received, peak RSS ${mib(send.peakKiB * 1024)}`)
sink.close()
await rm(dir, { recursive: true, force: true })
const limit = 128 * 1024
console.log(build.peakKiB < limit && send.peakKiB < limit ? 'both within 128 MiB' : 'OVER 128 MiB')
process.exitCode = build.code === 0 && send.code === 0 && build.peakKiB < limit && send.peakKiB < limit ? 0 : 1
