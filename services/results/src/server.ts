import { connectNats, createDb, ensureStream, migrateToLatest, runApp, startOutboxRelay } from '@ligature/service-kit'
import { loadResultsConfig } from './config.js'
import { buildApp } from './app.js'
import { RESULTS_SCHEMA, type ResultsDb } from './db.js'
import { resultsMigrations } from './migrations/index.js'

const config = loadResultsConfig()
const db = createDb<ResultsDb>({ databaseUrl: config.DATABASE_URL, schema: RESULTS_SCHEMA })
await migrateToLatest(db, RESULTS_SCHEMA, resultsMigrations)
const nc = await connectNats(config.NATS_URL, 'results')
await ensureStream(nc, config.LIGATURE_NATS_NAMESPACE)
const app = await buildApp({ db, internalSecret: config.LIGATURE_INTERNAL_SECRET, projectsUrl: config.PROJECTS_URL, resultsDir: config.LIGATURE_RESULTS_DIR })
const relay = startOutboxRelay({ db, schema: RESULTS_SCHEMA, nc, log: app.log as never, namespace: config.LIGATURE_NATS_NAMESPACE })
await runApp(app, config.RESULTS_PORT, config.LIGATURE_LISTEN_HOST, async () => {
  await relay.stop()
  await nc.drain()
  await db.destroy()
})
