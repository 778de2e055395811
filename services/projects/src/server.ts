import { connectNats, createDb, ensureStream, migrateToLatest, runApp, startOutboxRelay } from '@ligature/service-kit'
import { loadProjectsConfig } from './config.js'
import { buildApp } from './app.js'
import { PROJECTS_SCHEMA, type ProjectsDb } from './db.js'
import { projectsMigrations } from './migrations/index.js'

const config = loadProjectsConfig()
const db = createDb<ProjectsDb>({ databaseUrl: config.DATABASE_URL, schema: PROJECTS_SCHEMA })
await migrateToLatest(db, PROJECTS_SCHEMA, projectsMigrations)
const nc = await connectNats(config.NATS_URL, 'projects')
await ensureStream(nc, config.LIGATURE_NATS_NAMESPACE)
const app = await buildApp({ db, internalSecret: config.LIGATURE_INTERNAL_SECRET, registryUrl: config.REGISTRY_URL, secretsKey: config.LIGATURE_SECRETS_KEY })
const relay = startOutboxRelay({ db, schema: PROJECTS_SCHEMA, nc, log: app.log as never, namespace: config.LIGATURE_NATS_NAMESPACE })
await runApp(app, config.PROJECTS_PORT, config.LIGATURE_LISTEN_HOST, async () => {
  await relay.stop()
  await nc.drain()
  await db.destroy()
})
