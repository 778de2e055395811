/**
 * bench:gateway — a list call (`GET /dataproviders`, 25 providers) with C concurrent keep-alive clients, straight
 * to the registry (with a principal signed as the gateway would), through the gateway, and to the floor (a bare
 * node:http server running the registry's query and nothing else: floor-server.ts), each process run as the start
 * command runs it (its own node process, LOG_LEVEL=info). Rounds alternate the three so drift on a busy machine
 * hits each; every round's figures are printed, then the median round of each.
 * Run: npm run bench:gateway -- [--clients 20] [--seconds 8] [--rounds 3]   (PostgreSQL running; BENCH_LOG_LEVEL=warn
 * to compare without the info-level access log; BENCH_CPU_PROF=<dir> to profile the gateway, with
 * BENCH_CPU_PROF_OF=registry the registry instead). Each round also prints the CPU microseconds per request of
 * the registry, gateway, floor and client processes and of the whole machine (Postgres included), read from /proc:
 * on a small machine every process shares the same cores, so the machine's figure is what bounds requests/s.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { request, Agent } from 'node:http'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { signPrincipal, createDb, migrateToLatest } from '@ligature/service-kit'
import { createTestDatabase, freePort, machineBusySeconds, processCpuSeconds, waitReady } from '@ligature/testkit'
import { GATEWAY_SCHEMA, type GatewayDb } from '../src/db.js'
import { gatewayMigrations } from '../src/migrations/index.js'
import { createToken } from '../src/auth/tokens.js'

const { values } = parseArgs({ options: { clients: { type: 'string', default: '20' }, seconds: { type: 'string', default: '8' }, rounds: { type: 'string', default: '3' } } })
const clients = Number(values.clients)
const seconds = Number(values.seconds)
const rounds = Number(values.rounds)
const root = resolve(import.meta.dirname, '../../..')
const secret = 'bench-internal-secret-0123456789'

/** BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the gateway process there (what the hop spends its time on), or of
 * the process whose script path contains BENCH_CPU_PROF_OF (`registry`, `floor`). */
const profileArgs = (script: string) => ((script.includes(process.env.BENCH_CPU_PROF_OF ?? 'gateway')) && process.env.BENCH_CPU_PROF
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])

function startProcess(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...profileArgs(script), '--import', 'tsx', script], {
    cwd: root, env: { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', LIGATURE_INTERNAL_SECRET: secret, ...env }, stdio: ['ignore', 'ignore', 'inherit'],
  })
  return child
}

interface Round { rps: number; p50: number; p975: number; p99: number; errors: number; cpu: Record<string, number> }

/** CPU seconds a process (or the whole machine, clients and Postgres too) has used so far: unlike req/s, CPU per
 * request barely moves when other work shares the machine, so it is the steadier reading of what the hop costs. */
const cpuSeconds = (pid: number | 'machine') => pid === 'machine' ? machineBusySeconds() : processCpuSeconds(pid)

/** C clients, each one request at a time over its own kept-alive socket, for `seconds`. */
async function load(port: number, path: string, headers: Record<string, string>, watched: Record<string, number | 'machine'>): Promise<Round> {
  const cpuBefore = Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, cpuSeconds(pid)]))
  const agent = new Agent({ keepAlive: true, maxSockets: clients })
  const latencies: number[] = []
  let errors = 0
  const until = performance.now() + seconds * 1000
  const one = () => new Promise<void>((done) => {
    const t0 = performance.now()
    const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      res.resume()
      res.on('end', () => { if (res.statusCode === 200) latencies.push(performance.now() - t0); else errors++; done() })
    })
    req.on('error', () => { errors++; done() })
    req.end()
  })
  const started = performance.now()
  await Promise.all(Array.from({ length: clients }, async () => { while (performance.now() < until) await one() }))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  // CPU microseconds per request in each watched process.
  const cpu = Object.fromEntries(Object.entries(watched).map(([name, pid]) => [name, ((cpuSeconds(pid) - cpuBefore[name]!) * 1e6) / Math.max(1, latencies.length)]))
  return { rps: latencies.length / elapsed, p50: at(0.5), p975: at(0.975), p99: at(0.99), errors, cpu }
}

const db = await createTestDatabase('lig_bench_gateway')
const children: ChildProcess[] = []
try {
  const ports = { registry: await freePort(), gateway: await freePort(), floor: await freePort() }
  const common = { DATABASE_URL: db.url, LIGATURE_NATS_NAMESPACE: `benchgw${process.pid}` }
  children.push(startProcess('services/registry/src/server.ts', { ...common, REGISTRY_PORT: String(ports.registry) }))
  await waitReady(ports.registry)
  children.push(startProcess('services/gateway/src/server.ts', { ...common, GATEWAY_PORT: String(ports.gateway), REGISTRY_URL: `http://127.0.0.1:${ports.registry}` }))
  await waitReady(ports.gateway)
  children.push(startProcess('services/gateway/bench/floor-server.ts', { DATABASE_URL: db.url, FLOOR_PORT: String(ports.floor) }))
  await waitReady(ports.floor)

  const gatewayDb = createDb<GatewayDb>({ databaseUrl: db.url, schema: GATEWAY_SCHEMA, poolSize: 1 })
  await migrateToLatest(gatewayDb, GATEWAY_SCHEMA, gatewayMigrations)
  const { id: tokenId, token } = await createToken(gatewayDb, { name: 'bench', role: 'admin', projects: [] })
  await gatewayDb.destroy()
  const bearer = { authorization: `Bearer ${token}` }
  for (let i = 0; i < 25; i++) {
    const res = await fetch(`http://127.0.0.1:${ports.gateway}/api/v3.3/dataproviders`, {
      method: 'POST', headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ code: `BENCH${i}`, organisation: `Bench provider ${i}`, contactName: 'Bench', email: 'bench@example.org' }),
    })
    if (res.status !== 201) throw new Error(`seeding: ${res.status} ${await res.text()}`)
  }
  const watched = { registry: children[0]!.pid!, gateway: children[1]!.pid!, floor: children[2]!.pid!, client: process.pid, machine: 'machine' as const }
  const direct = { [`x-ligature-principal`]: signPrincipal({ tokenId, name: 'bench', role: 'admin', projects: [] }, secret) }
  const variants = {
    direct: () => load(ports.registry, '/dataproviders', direct, watched),
    gateway: () => load(ports.gateway, '/api/v3.3/dataproviders', bearer, watched),
    floor: () => load(ports.floor, '/dataproviders', {}, watched),
  }
  await variants.direct()
  await variants.gateway() // warm-up: JIT, pools, token cache
  await variants.floor()
  const results: Record<keyof typeof variants, Round[]> = { direct: [], gateway: [], floor: [] }
  const fmt = (r: Round) => `${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p97.5 ${r.p975.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}  CPU µs/request: ${Object.entries(r.cpu).map(([n, v]) => `${n} ${v.toFixed(0)}`).join(', ')}`
  console.log(`bench:gateway  GET /dataproviders (25 items)  ${clients} clients, ${seconds} s per round, ${rounds} rounds, LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? 'info'}`)
  for (let i = 0; i < rounds; i++) {
    for (const name of ['direct', 'gateway', 'floor'] as const) {
      const r = await variants[name]()
      results[name].push(r)
      console.log(`  round ${i + 1} ${name.padEnd(8)} ${fmt(r)}`)
    }
  }
  const median = (rs: Round[]) => [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)]!
  const d = median(results.direct)
  const g = median(results.gateway)
  const spread = (rs: Round[]) => (Math.max(...rs.map((r) => r.rps)) / Math.min(...rs.map((r) => r.rps)) - 1) * 100
  console.log(`  median   direct   ${fmt(d)}   (round-to-round spread ${spread(results.direct).toFixed(0)} %)`)
  console.log(`  median   gateway  ${fmt(g)}   (round-to-round spread ${spread(results.gateway).toFixed(0)} %)`)
  const f = median(results.floor)
  console.log(`  median   floor    ${fmt(f)}   (round-to-round spread ${spread(results.floor).toFixed(0)} %)`)
  console.log(`  gateway cost: ${((1 - g.rps / d.rps) * 100).toFixed(1)} % fewer requests/s than direct; p99 ${g.p99.toFixed(1)} ms vs ${d.p99.toFixed(1)} ms`)
  const hop = g.cpu.gateway! / (g.cpu.registry ?? 1)
  console.log(`  gateway process CPU: ${g.cpu.gateway!.toFixed(0)} µs per request, ${(hop * 100).toFixed(0)} % of the registry's ${g.cpu.registry!.toFixed(0)} µs`)
} finally {
  for (const c of children) c.kill('SIGTERM')
  await Promise.all(children.filter((c) => c.exitCode === null).map((c) => once(c, 'exit')))
  await db.drop()
}
