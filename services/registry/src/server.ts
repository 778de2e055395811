import { connectNats, createDb, ensureStream, migrateToLatest, runApp, startOutboxRelay } from '@ligature/service-kit'
import { loadRegistryConfig } from './config.js'
import { buildApp } from './app.js'
import { REGISTRY_SCHEMA, type RegistryDb } from './db.js'
import { registryMigrations } from './migrations/index.js'
import { startProjectMembersConsumer } from './members/project-members.consumer.js'

const config = loadRegistryConfig()
const db = createDb<RegistryDb>({ databaseUrl: config.DATABASE_URL, schema: REGISTRY_SCHEMA })
await migrateToLatest(db, REGISTRY_SCHEMA, registryMigrations)
const nc = await connectNats(config.NATS_URL, 'registry')
await ensureStream(nc, config.LIGATURE_NATS_NAMESPACE)
const app = await buildApp({ db, internalSecret: config.LIGATURE_INTERNAL_SECRET, secretsKey: config.LIGATURE_SECRETS_KEY })
const relay = startOutboxRelay({ db, schema: REGISTRY_SCHEMA, nc, log: app.log as never, namespace: config.LIGATURE_NATS_NAMESPACE })
const members = await startProjectMembersConsumer({ db, nc, namespace: config.LIGATURE_NATS_NAMESPACE, log: app.log })
await runApp(app, config.REGISTRY_PORT, config.LIGATURE_LISTEN_HOST, async () => {
  await members.stop()
  await relay.stop()
  await nc.drain()
  await db.destroy()
})
