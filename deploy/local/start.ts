// The start command: infrastructure (reused or started), every service, the worker and the portal, with the
// URLs printed and a development admin token in .data/admin-token. Ctrl-C stops everything this started.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { installationSecrets } from './secrets.js'
import { resolve } from 'node:path'
import { ensureInfra, waitFor } from './infra.js'
import { processes, ports } from './processes.js'

const root = resolve(import.meta.dirname, '../..')
const dataDir = resolve(root, '.data')
const log = (m: string) => console.error(`start: ${m}`)
mkdirSync(dataDir, { recursive: true })

const infra = await ensureInfra({ dataDir, temporalDbFile: resolve(dataDir, 'temporal.db'), log })
const env: NodeJS.ProcessEnv = {
  ...process.env, DATABASE_URL: infra.databaseUrl, NATS_URL: infra.natsUrl, TEMPORAL_ADDRESS: infra.temporalAddress,
  LIGATURE_DATA_DIR: dataDir, LIGATURE_RESULTS_DIR: resolve(dataDir, 'results'), SCARF_ANALYTICS: 'false',
  // Each service finds the others on the ports chosen above (a changed RESULTS_PORT reaches its callers too).
  REGISTRY_URL: `http://127.0.0.1:${ports.registry}`, PROJECTS_URL: `http://127.0.0.1:${ports.projects}`,
  ENVELOPES_URL: `http://127.0.0.1:${ports.envelopes}`, RESULTS_URL: `http://127.0.0.1:${ports.results}`,
  ...installationSecrets(dataDir, process.env),
}

if (!existsSync(resolve(root, 'portal/build/server/index.js'))) {
  log('building the portal (first start only)')
  const built = spawnSync('npx', ['turbo', 'run', 'build', '--filter=@ligature/portal...', '--output-logs=errors-only'], { cwd: root, env, stdio: 'inherit' })
  if (built.status !== 0) throw new Error('the portal build failed')
}

const children: ChildProcess[] = []
for (const p of processes) {
  const child = spawn(p.command[0]!, p.command.slice(1), { cwd: root, env: { ...env, ...p.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => { for (const line of chunk.toString().split('\n')) if (line) console.log(`[${p.name}] ${line}`) })
  }
  child.on('exit', (code) => { if (!stopping) log(`${p.name} exited with code ${code}`) })
  children.push(child)
}

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  log('stopping')
  for (const c of children) c.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1500))
  await infra.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())

for (const p of processes.filter((p) => p.ready)) {
  await waitFor(p.name, () => fetch(p.ready!).then((r) => r.ok, () => false), 180_000)
}
const tokenFile = resolve(dataDir, 'admin-token')
spawnSync('node', ['--import', 'tsx', 'services/gateway/src/cli/create-token.ts', '--name', 'development admin', '--role', 'admin', '--out', tokenFile], { cwd: root, env, stdio: 'inherit' })
const uiPort = process.env.TEMPORAL_UI_PORT ?? '8233'
console.log(`
Ligature is running.
  API gateway   http://127.0.0.1:${ports.gateway}/api/v3.3   (OpenAPI: /api/v3.3/openapi.json)
  Docs portal   http://127.0.0.1:${ports.portal}/
  Temporal UI   http://127.0.0.1:${uiPort}/
  Admin token   ${tokenFile} (development only)
Press Ctrl-C to stop.
`)
