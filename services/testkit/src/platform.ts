import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { Role } from '@ligature/contracts'
import { connectNats, createDb, ensureStream, migrateToLatest, startOutboxRelay, type OutboxTable } from '@ligature/service-kit'
import { buildApp as buildGateway } from '@ligature/gateway/app'
import { gatewayMigrations } from '@ligature/gateway/migrations'
import type { GatewayDb } from '@ligature/gateway/db'
import { createToken } from '@ligature/gateway/tokens'
import { buildApp as buildRegistry } from '@ligature/registry/app'
import { registryMigrations } from '@ligature/registry/migrations'
import type { RegistryDb } from '@ligature/registry/db'
import { buildApp as buildProjects } from '@ligature/projects/app'
import { projectsMigrations } from '@ligature/projects/migrations'
import type { ProjectsDb } from '@ligature/projects/db'
import { buildApp as buildEnvelopes } from '@ligature/envelopes/app'
import { envelopesMigrations } from '@ligature/envelopes/migrations'
import type { EnvelopesDb } from '@ligature/envelopes/db'
import { buildApp as buildResults } from '@ligature/results/app'
import { resultsMigrations } from '@ligature/results/migrations'
import type { ResultsDb } from '@ligature/results/db'
import { DEFAULT_BLOCK_CAP, DEFAULT_WINDOW } from '@ligature/engine'
import { createTestDatabase } from './database.js'

export interface PlatformOptions {
  /** Maximum envelope size for the envelopes service. */
  maxEnvelopeBytes?: number
  /** An administrator's URL of the PostgreSQL to create the platform's database in (default: the shared one). */
  adminDatabaseUrl?: string
  /** The NATS server (default: NATS_URL, or the shared one). */
  natsUrl?: string
}

/**
 * The whole platform in one process for integration tests: every service on a loopback port, a real
 * Postgres database of its own, its own NATS stream namespace and data folder. Tests talk to the gateway.
 */
export async function startPlatform(opts: PlatformOptions = {}) {
  const database = await createTestDatabase('lig_test', opts.adminDatabaseUrl)
  const namespace = `t${randomBytes(5).toString('hex')}`
  const dataDir = await mkdtemp(join(tmpdir(), 'ligature-test-'))
  const internalSecret = randomBytes(24).toString('hex')
  const natsUrl = opts.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222'
  const nc = await connectNats(natsUrl, `test-${namespace}`)
  await ensureStream(nc, namespace)
  const closers: (() => Promise<unknown>)[] = []
  // Quiet by default; LIGATURE_TEST_LOG=error shows what a failing test's services logged.
  const logger = process.env.LIGATURE_TEST_LOG ? { level: process.env.LIGATURE_TEST_LOG } : false

  const start = async <DB extends OutboxTable>(schema: string, migrations: Record<string, Migration>, build: (db: Kysely<DB>) => Promise<FastifyInstance>) => {
    const db = createDb<DB>({ databaseUrl: database.url, schema, poolSize: 4 })
    await migrateToLatest(db, schema, migrations)
    const app = await build(db)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const relay = startOutboxRelay({ db, schema, nc, log: app.log as never, namespace, pollMs: 50 })
    closers.push(async () => { await relay.stop(); await app.close(); await db.destroy() })
    const address = app.server.address() as { port: number }
    return { url: `http://127.0.0.1:${address.port}`, db, app }
  }

  const registry = await start<RegistryDb>('registry', registryMigrations, (db) => buildRegistry({ db, internalSecret, logger }))
  const secretsKey = randomBytes(24).toString('hex')
  const projects = await start<ProjectsDb>('projects', projectsMigrations, (db) => buildProjects({ db, internalSecret, logger, registryUrl: registry.url, secretsKey }))
  // The results service answers the envelopes service, so it starts first (its port is then known).
  const results = await start<ResultsDb>('results', resultsMigrations, (db) => buildResults({ db, internalSecret, logger, projectsUrl: projects.url, resultsDir: join(dataDir, 'results') }))
  const envelopes = await start<EnvelopesDb>('envelopes', envelopesMigrations, (db) => buildEnvelopes({
    db, internalSecret, logger, dataDir, maxEnvelopeBytes: opts.maxEnvelopeBytes ?? 50 * 1024 * 1024, projectsUrl: projects.url, resultsUrl: results.url,
  }))

  const gatewayDb = createDb<GatewayDb>({ databaseUrl: database.url, schema: 'gateway', poolSize: 4 })
  await migrateToLatest(gatewayDb, 'gateway', gatewayMigrations)
  const gateway = await buildGateway({
    db: gatewayDb, internalSecret, logger,
    services: { registry: registry.url, projects: projects.url, envelopes: envelopes.url, results: results.url },
  })
  await gateway.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}`
  closers.unshift(async () => { await gateway.close(); await gatewayDb.destroy() })

  const token = async (role: Role, projectCodes: string[] = []) =>
    (await createToken(gatewayDb, { name: `test-${role}`, role, projects: projectCodes })).token
  const adminToken = await token('admin')

  return {
    url, namespace, dataDir, internalSecret, databaseUrl: database.url, adminToken, token,
    services: { registry, projects, envelopes, results },
    /** Route ids still answered by the not-implemented stub, read from the services' registrations. */
    pendingRoutes: () => new Set([registry, projects, envelopes, results].flatMap((s) => [...s.app.pendingRoutes])),
    /** Worker settings for this platform (its own task queue so parallel test files never share work). */
    workerConfig: (taskQueue = `test-${namespace}`) => Object.freeze({
      DATABASE_URL: database.url, NATS_URL: natsUrl, LIGATURE_NATS_NAMESPACE: namespace,
      TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233', TEMPORAL_NAMESPACE: 'default', TEMPORAL_TASK_QUEUE: taskQueue,
      LIGATURE_INTERNAL_SECRET: internalSecret, LIGATURE_DATA_DIR: dataDir,
      ENVELOPES_URL: envelopes.url, REGISTRY_URL: registry.url, PROJECTS_URL: projects.url, RESULTS_URL: results.url,
      // Three partitions: every on-disk linkage in the tests runs split, with more than one partition per worker.
      LIGATURE_LINK_PARTITIONS: Number(process.env.LIGATURE_LINK_PARTITIONS ?? 3),
      // 0: one parse thread per core for files large enough to split (test files are not; the benches' are).
      LIGATURE_LOAD_THREADS: Number(process.env.LIGATURE_LOAD_THREADS ?? 0),
      // Off: benchmarks turn on the per-activity memory log (workflows/src/activity-memory.ts).
      LIGATURE_ACTIVITY_MEMORY_MS: 0,
      // On, as deployed: touched reads use the project's cached records when current (workflows/src/records/record-cache.ts).
      LIGATURE_RECORD_CACHE: process.env.LIGATURE_RECORD_CACHE === 'off' ? 'off' as const : 'on' as const,
      // The deployed defaults (engine blocking/neighbourhood.ts) unless the run sets them.
      LIGATURE_BLOCK_CAP: Number(process.env.LIGATURE_BLOCK_CAP ?? DEFAULT_BLOCK_CAP),
      LIGATURE_BLOCK_WINDOW: Number(process.env.LIGATURE_BLOCK_WINDOW ?? DEFAULT_WINDOW),
    }),
    async close() {
      for (const close of closers) await close().catch(() => {})
      await nc.drain().catch(() => {})
      await database.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
export type Platform = Awaited<ReturnType<typeof startPlatform>>
