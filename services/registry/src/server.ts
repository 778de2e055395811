import { connectNats, createDb, ensureStream, migrateToLatest, runApp, startOutboxRelay } from '@ligature/service-kit'
import { loadRegistryConfig } from './config.js'
import { buildApp } from './app.js'
import { REGISTRY_SCHEMA, type RegistryDb } from './db.js'
import { registryMigrations } from './migrations/index.js'

const config = loadRegistryConfig()
const db = createDb<RegistryDb>({ databaseUrl: config.DATABASE_URL, schema: REGISTRY_SCHEMA })
await migrateToLatest(db, REGISTRY_SCHEMA, registryMigrations)
const nc = await connectNats(config.NATS_URL, 'registry')
await ensureStream(nc, config.LIGATURE_NATS_NAMESPACE)
const app = await buildApp({ db, internalSecret: config.LIGATURE_INTERNAL_SECRET })
const relay = startOutboxRelay({ db, schema: REGISTRY_SCHEMA, nc, log: app.log as never, namespace: config.LIGATURE_NATS_NAMESPACE })
await runApp(app, config.REGISTRY_PORT, undefined, async () => {
  await relay.stop()
  await nc.drain()
  await db.destroy()
})
