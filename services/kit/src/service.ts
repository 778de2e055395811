import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import type { NatsConnection } from '@nats-io/transport-node'
import { createDb } from './db.js'
import { migrateToLatest } from './migrate.js'
import { connectNats, ensureStream } from './nats.js'
import { startOutboxRelay, type OutboxTable } from './outbox.js'
import { runApp } from './runner.js'

/** The settings every service with a database and an outbox reads (its config schema adds the rest). */
export interface ServiceBootConfig {
  DATABASE_URL: string
  NATS_URL: string
  LIGATURE_NATS_NAMESPACE: string
  LIGATURE_LISTEN_HOST: string
}

export interface ServiceBoot<DB extends OutboxTable> {
  name: string
  /** The service's PostgreSQL schema, migrated to the latest of `migrations` before anything listens. */
  schema: string
  migrations: Record<string, Migration>
  config: ServiceBootConfig
  port: number
  build: (db: Kysely<DB>) => Promise<FastifyInstance>
  /** Work beside the HTTP app (consumers, watchers), started after the outbox relay and stopped before it, last first. */
  start?: (ctx: { db: Kysely<DB>; nc: NatsConnection; app: FastifyInstance }) => Promise<{ stop: () => Promise<void> }[]>
}

/**
 * A service's boot, written once: config → database (migrated) → NATS stream → app → outbox relay → its own
 * workers → listen; on SIGINT/SIGTERM or a fatal error the reverse (workers, relay, NATS, database).
 */
export async function runService<DB extends OutboxTable>(boot: ServiceBoot<DB>): Promise<void> {
  const { config } = boot
  const db = createDb<DB>({ databaseUrl: config.DATABASE_URL, schema: boot.schema })
  await migrateToLatest(db, boot.schema, boot.migrations)
  const nc = await connectNats(config.NATS_URL, boot.name)
  await ensureStream(nc, config.LIGATURE_NATS_NAMESPACE)
  const app = await boot.build(db)
  const relay = startOutboxRelay({ db, schema: boot.schema, nc, log: app.log as never, namespace: config.LIGATURE_NATS_NAMESPACE })
  const workers = (await boot.start?.({ db, nc, app })) ?? []
  await runApp(app, boot.port, config.LIGATURE_LISTEN_HOST, async () => {
    for (const worker of [...workers].reverse()) await worker.stop()
    await relay.stop()
    await nc.drain()
    await db.destroy()
  })
}
