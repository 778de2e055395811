/**
 * bench:upload [--mib 1024] — an envelope upload of N MiB, streamed as a multipart body through the gateway to
 * the envelopes service, each service its own node process as the start command runs them. The body is generated
 * while it is sent (nothing the size of the upload is held anywhere), and both processes' resident memory is
 * sampled every 50 ms from /proc: the bench prints each one's RSS before, its peak during the upload and the
 * growth, with the upload's MiB/s. The target is ≤ 64 MiB growth for 1 GiB.
 * Run: npm run bench:upload -- --mib 1024   (PostgreSQL and NATS running)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { once } from 'node:events'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createDb, migrateToLatest } from '@ligature/service-kit'
import { createTestDatabase, freePort, processMemoryMiB, waitReady } from '@ligature/testkit'
import { GATEWAY_SCHEMA, type GatewayDb } from '../../gateway/src/db.js'
import { gatewayMigrations } from '../../gateway/src/migrations/index.js'
import { createToken } from '../../gateway/src/auth/tokens.js'

const { values } = parseArgs({ options: { mib: { type: 'string', default: '1024' } } })
const totalBytes = Number(values.mib) * 1024 ** 2
const root = resolve(import.meta.dirname, '../../..')
const secret = 'bench-internal-secret-0123456789'

const rssMiB = (pid: number) => processMemoryMiB(pid, 'VmRSS')

const start = (script: string, env: Record<string, string>): ChildProcess => spawn(process.execPath, ['--import', 'tsx', script], {
  cwd: root, env: { ...process.env, LOG_LEVEL: 'info', LIGATURE_INTERNAL_SECRET: secret, ...env }, stdio: ['ignore', 'ignore', 'inherit'],
})

/** POSTs a multipart body of `bytes` file bytes, written chunk by chunk as the socket drains. */
function streamUpload(port: number, token: string, bytes: number): Promise<{ status: number; body: string }> {
  const boundary = `ligature-bench-${randomBytes(8).toString('hex')}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-upload.zip"\r\nContent-Type: application/zip\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const chunk = randomBytes(1024 * 1024)
  return new Promise((done, fail) => {
    const req = request({
      host: '127.0.0.1', port, method: 'POST', path: '/api/v3.3/envelopes',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + bytes + tail.length },
    }, (res) => {
      let body = ''
      res.on('data', (c: Buffer) => { body += c.toString() })
      res.on('end', () => done({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', fail)
    req.write(head)
    let sent = 0
    const pump = () => {
      while (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent)
        sent += n
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump)
      }
      req.end(tail)
    }
    pump()
  })
}

const db = await createTestDatabase('lig_bench_upload')
const dataDir = await mkdtemp(join(tmpdir(), 'ligature-bench-upload-'))
const children: ChildProcess[] = []
try {
  const ports = { envelopes: await freePort(), gateway: await freePort() }
  const common = { DATABASE_URL: db.url, LIGATURE_NATS_NAMESPACE: `benchup${process.pid}` }
  children.push(start('services/envelopes/src/server.ts', {
    ...common, ENVELOPES_PORT: String(ports.envelopes), LIGATURE_DATA_DIR: dataDir, LIGATURE_MAX_ENVELOPE_BYTES: String(totalBytes + 1024 ** 2),
  }))
  await waitReady(ports.envelopes)
  children.push(start('services/gateway/src/server.ts', { ...common, GATEWAY_PORT: String(ports.gateway), ENVELOPES_URL: `http://127.0.0.1:${ports.envelopes}` }))
  await waitReady(ports.gateway)
  const gatewayDb = createDb<GatewayDb>({ databaseUrl: db.url, schema: GATEWAY_SCHEMA, poolSize: 1 })
  await migrateToLatest(gatewayDb, GATEWAY_SCHEMA, gatewayMigrations)
  const { token } = await createToken(gatewayDb, { name: 'bench', role: 'admin', projects: [] })
  await gatewayDb.destroy()

  const watched = { envelopes: children[0]!.pid!, gateway: children[1]!.pid! }
  const before = Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, rssMiB(pid)]))
  const peak = { ...before }
  const sampler = setInterval(() => { for (const [name, pid] of Object.entries(watched)) peak[name] = Math.max(peak[name]!, rssMiB(pid)) }, 50)
  const t0 = performance.now()
  const res = await streamUpload(ports.gateway, token, totalBytes)
  const seconds = (performance.now() - t0) / 1000
  clearInterval(sampler)
  if (res.status !== 201) throw new Error(`the upload answered ${res.status}: ${res.body}`)
  console.log(`bench:upload  ${values.mib} MiB envelope, multipart through the gateway, ${seconds.toFixed(1)} s (${(totalBytes / 1024 ** 2 / seconds).toFixed(0)} MiB/s)`)
  for (const name of Object.keys(watched)) {
    console.log(`  ${name.padEnd(9)} RSS before ${before[name]!.toFixed(0)} MiB, peak ${peak[name]!.toFixed(0)} MiB, growth ${(peak[name]! - before[name]!).toFixed(0)} MiB`)
  }
} finally {
  for (const c of children) c.kill('SIGTERM')
  await Promise.all(children.filter((c) => c.exitCode === null).map((c) => once(c, 'exit')))
  await db.drop()
  await rm(dataDir, { recursive: true, force: true })
}
