import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { connect } from 'node:net'
import { resolve } from 'node:path'
import pg from 'pg'

/** Local infrastructure: reuse what answers, start what does not, and remember what we started. */
export interface Infra { databaseUrl: string; natsUrl: string; temporalAddress: string; started: ChildProcess[]; stop: () => Promise<void> }

export const portOpen = (host: string, port: number, timeoutMs = 1000) => new Promise<boolean>((ok) => {
  const s = connect({ host, port })
  const done = (v: boolean) => { s.destroy(); ok(v) }
  s.once('connect', () => done(true)).once('error', () => done(false)).setTimeout(timeoutMs, () => done(false))
})

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000}s`)
    await new Promise((r) => setTimeout(r, 300))
  }
}

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`)
}

/** Postgres: the machine's server when it answers; otherwise a private cluster under the data folder. */
async function ensurePostgres(dataDir: string, log: (m: string) => void): Promise<string> {
  const base = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : new URL('postgres://postgres@127.0.0.1:5432/ligature')
  if (!(await portOpen(base.hostname, Number(base.port || 5432)))) {
    const dir = resolve(dataDir, 'postgres')
    const port = 55432
    // initdb refuses to run as root: run the Postgres tools as the postgres user then.
    const asPg = (bin: string, args: string[]): [string, string[]] => (process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args])
    if (!existsSync(resolve(dir, 'PG_VERSION'))) {
      log(`starting a private PostgreSQL in ${dir}`)
      mkdirSync(dir, { recursive: true })
      if (process.getuid?.() === 0) run('chown', ['-R', 'postgres', dir])
      run(...asPg('initdb', ['-D', dir, '--auth=trust', '-U', 'postgres']))
    }
    run(...asPg('pg_ctl', ['-D', dir, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', 'start']))
    process.on('exit', () => { spawnSync(...asPg('pg_ctl', ['-D', dir, '-m', 'fast', 'stop'])) })
    base.hostname = '127.0.0.1'
    base.port = String(port)
  }
  const dbName = base.pathname.slice(1) || 'ligature'
  const admin = new URL(base.toString())
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  const exists = await client.query('select 1 from pg_database where datname = $1', [dbName])
  if (exists.rowCount === 0) await client.query(`create database "${dbName.replace(/"/g, '')}"`)
  await client.end()
  return base.toString()
}

export async function ensureInfra(opts: { dataDir: string; temporalDbFile?: string; log: (m: string) => void }): Promise<Infra> {
  const started: ChildProcess[] = []
  mkdirSync(opts.dataDir, { recursive: true })
  const databaseUrl = await ensurePostgres(opts.dataDir, opts.log)

  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222'
  const nats = new URL(natsUrl.replace(/^nats:/, 'http:'))
  if (!(await portOpen(nats.hostname, Number(nats.port || 4222)))) {
    opts.log('starting NATS with JetStream')
    const dir = resolve(opts.dataDir, 'nats')
    mkdirSync(dir, { recursive: true })
    started.push(spawn('nats-server', ['-a', nats.hostname, '-p', nats.port || '4222', '-js', '-sd', dir], { stdio: 'ignore' }))
    await waitFor('NATS', () => portOpen(nats.hostname, Number(nats.port || 4222)))
  }

  const temporalAddress = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233'
  const [thost, tport] = temporalAddress.split(':') as [string, string]
  if (!(await portOpen(thost, Number(tport)))) {
    const cli = process.env.TEMPORAL_CLI_PATH
    if (!cli) throw new Error('TEMPORAL_CLI_PATH is not set: run deploy/tools/install-temporal.sh (the start and test commands do).')
    opts.log('starting the Temporal dev server')
    const uiPort = process.env.TEMPORAL_UI_PORT ?? '8233'
    const args = ['server', 'start-dev', '--ip', thost, '--port', tport, '--ui-port', uiPort, '--search-attribute', 'RunState=Keyword', '--log-level', 'error']
    if (opts.temporalDbFile) args.push('--db-filename', opts.temporalDbFile)
    started.push(spawn(cli, args, { stdio: 'ignore' }))
    await waitFor('Temporal', () => portOpen(thost, Number(tport)))
  }

  return {
    databaseUrl, natsUrl, temporalAddress, started,
    stop: async () => {
      for (const child of started.reverse()) if (child.exitCode === null) child.kill('SIGTERM')
    },
  }
}
