// Each process as the start command and the cluster run it (`node --import tsx …/server.ts`): in production it
// refuses the public development secrets, and the services behind the gateway answer on loopback only.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { networkInterfaces } from 'node:os'
import { resolve } from 'node:path'
import t from 'tap'
import { createTestDatabase, freePort } from '@ligature/testkit'

const root = resolve(import.meta.dirname, '../..')
const processes = {
  gateway: 'services/gateway/src/server.ts', registry: 'services/registry/src/server.ts',
  projects: 'services/projects/src/server.ts', envelopes: 'services/envelopes/src/server.ts',
  results: 'services/results/src/server.ts', worker: 'workflows/src/worker.ts',
}
type Name = keyof typeof processes

function start(name: Name, env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', processes[name]], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (c: Buffer) => { output += c.toString() })
  child.stderr.on('data', (c: Buffer) => { output += c.toString() })
  return { child, output: () => output }
}

const answers = (host: string, port: number) => fetch(`http://${host}:${port}/healthz`, { signal: AbortSignal.timeout(2000) })
  .then((r) => r.status === 200, () => false)

async function waitUntil(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) if (await check()) return true
  return false
}

t.test('in production every process refuses to start with the development secrets, naming each one', async (t) => {
  const runs = (Object.keys(processes) as Name[]).map(async (name) => {
    const { child, output } = start(name, { NODE_ENV: 'production', LIGATURE_INTERNAL_SECRET: '', LIGATURE_SECRETS_KEY: '' })
    const [code] = await once(child, 'exit') as [number | null]
    return { name, code, output: output() }
  })
  for (const { name, code, output } of await Promise.all(runs)) {
    t.not(code, 0, `${name} exits with an error`)
    t.match(output, /LIGATURE_INTERNAL_SECRET: must be set in production/, `${name} names the internal secret`)
    if (name === 'registry' || name === 'projects') t.match(output, /LIGATURE_SECRETS_KEY: must be set in production/, `${name} names the secrets key`)
    t.notMatch(output, /ligature-dev-internal-secret/, `${name} does not print the secret`)
  }
})

const external = Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address

t.test('services behind the gateway answer on loopback only; the gateway answers on the machine\'s address', { skip: external ? false : 'this machine has no non-loopback IPv4 address' }, async (t) => {
  const db = await createTestDatabase('lig_exposure')
  t.teardown(db.drop)
  const dir = t.testdir()
  const ports = { gateway: await freePort(), registry: await freePort(), projects: await freePort(), envelopes: await freePort(), results: await freePort() }
  const env = {
    DATABASE_URL: db.url, LIGATURE_NATS_NAMESPACE: `exposure${process.pid}`, LIGATURE_DATA_DIR: dir, LIGATURE_RESULTS_DIR: resolve(dir, 'results'),
    LIGATURE_LISTEN_HOST: '', GATEWAY_PORT: String(ports.gateway), REGISTRY_PORT: String(ports.registry),
    PROJECTS_PORT: String(ports.projects), ENVELOPES_PORT: String(ports.envelopes), RESULTS_PORT: String(ports.results),
  }
  // One at a time: each migrates its own schema of the shared database.
  for (const name of ['registry', 'projects', 'envelopes', 'results', 'gateway'] as const) {
    const { child, output } = start(name, env)
    t.teardown(() => { child.kill('SIGKILL') })
    const up = await waitUntil(() => answers('127.0.0.1', ports[name]), 60_000)
    t.ok(up, `${name} answers on 127.0.0.1${up ? '' : `: ${output().slice(-500)}`}`)
    t.equal(await answers(external!, ports[name]), name === 'gateway', `${name} ${name === 'gateway' ? 'answers' : 'does not answer'} on ${external}`)
  }
})
