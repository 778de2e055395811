/**
 * A PostgreSQL cluster and a NATS JetStream server of one test's own, on free loopback ports, that the test
 * may stop and start again: the machine's shared servers serve other suites at the same time and must never
 * be restarted. Data survives a restart (the cluster's directory, JetStream's store directory).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { connect as tcpConnect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { freePort } from '@ligature/testkit'

const which = (name: string, dirs: string[]) => {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim()
  return found || dirs.map((d) => join(d, name)).find((p) => existsSync(p))
}
const pgBinDir = () => {
  const initdb = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((d) => existsSync(join(d, 'initdb')))
    ?? which('initdb', [])?.replace(/\/initdb$/, '')
  return initdb && existsSync(join(initdb, 'postgres')) ? initdb : undefined
}
const natsBinary = () => which('nats-server', ['/usr/sbin', '/usr/bin', '/usr/local/bin'])

/** Why the servers cannot be started here, or undefined when they can. */
export function privateServersMissing(): string | undefined {
  if (!pgBinDir()) return 'no PostgreSQL server binaries (initdb, postgres) on this machine'
  if (!natsBinary()) return 'no nats-server binary on this machine'
  return undefined
}


const until = async (what: string, check: () => Promise<boolean>, ms: number) => {
  for (const end = Date.now() + ms; !(await check().catch(() => false)); await new Promise((r) => setTimeout(r, 100))) if (Date.now() > end) throw new Error(`${what} did not come up in ${ms} ms`)
}
const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null
// A test process that dies (an uncaught error) skips its teardown: its servers must not outlive it.
const running = new Set<ChildProcess>()
process.once('exit', () => { for (const child of running) if (!exited(child)) child.kill('SIGKILL') })
const track = (child: ChildProcess) => { running.add(child); child.once('exit', () => running.delete(child)); return child }
const stopChild = async (child: ChildProcess, signal: NodeJS.Signals) => {
  if (exited(child)) return
  const gone = new Promise((r) => child.once('exit', r))
  child.kill(signal)
  await gone
}

// PostgreSQL refuses to run as root: as root, the cluster belongs to (and runs as) the postgres user.
const runAs = () => {
  if (process.getuid?.() !== 0) return {}
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim())
  return { uid: id('-u'), gid: id('-g') }
}

export interface PrivateServer {
  url: string
  /** Stops the server; `immediate` is PostgreSQL's crash-like shutdown (no checkpoint, recovery at the next start). */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>
  start: () => Promise<void>
  /** Stops it for good and removes its files. */
  destroy: () => Promise<void>
}

/** initdb into a temporary folder (trust authentication), then `postgres` on a free port and its own socket folder. */
export async function startPrivatePostgres(): Promise<PrivateServer> {
  const bin = pgBinDir()
  if (!bin) throw new Error('no PostgreSQL server binaries')
  const root = await mkdtemp(join(tmpdir(), 'ligature-pg-'))
  const data = join(root, 'data')
  const sockets = join(root, 'sockets')
  await mkdir(data)
  await mkdir(sockets)
  const user = runAs()
  if (user.uid !== undefined) for (const dir of [root, data, sockets]) await chown(dir, user.uid, user.gid)
  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'], { ...user, encoding: 'utf8' })
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`)
  const port = await freePort()
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let child: ChildProcess | undefined
  const ready = () => until('private PostgreSQL', async () => {
    const c = new pg.Client({ connectionString: url })
    try { await c.connect(); await c.query('select 1'); return true } finally { await c.end().catch(() => {}) }
  }, 60_000)
  const start = async () => {
    child = track(spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', sockets, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'], { ...user, stdio: 'ignore' }))
    await ready()
  }
  // SIGINT is PostgreSQL's fast shutdown, SIGQUIT its immediate one.
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => { if (child) await stopChild(child, mode === 'fast' ? 'SIGINT' : 'SIGQUIT') }
  await start()
  return { url, start, stop, destroy: async () => { await stop('immediate'); await rm(root, { recursive: true, force: true }) } }
}

/** nats-server with JetStream on a free port; a restart keeps its store folder (streams, consumers, messages). */
export async function startPrivateNats(): Promise<PrivateServer> {
  const bin = natsBinary()
  if (!bin) throw new Error('no nats-server binary')
  const store = await mkdtemp(join(tmpdir(), 'ligature-nats-'))
  const port = await freePort()
  let child: ChildProcess | undefined
  const start = async () => {
    child = track(spawn(bin, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { stdio: 'ignore' }))
    await until('private NATS', () => new Promise<boolean>((resolve) => {
      const socket = tcpConnect(port, '127.0.0.1', () => { socket.destroy(); resolve(true) }).once('error', () => resolve(false))
    }), 30_000)
  }
  const stop = async () => { if (child) await stopChild(child, 'SIGTERM') }
  await start()
  return { url: `nats://127.0.0.1:${port}`, start, stop, destroy: async () => { await stop(); await rm(store, { recursive: true, force: true }) } }
}
