import { createDb, migrateToLatest, runApp } from '@ligature/service-kit'
import { loadGatewayConfig } from './config.js'
import { buildApp } from './app.js'
import { GATEWAY_SCHEMA, type GatewayDb } from './db.js'
import { gatewayMigrations } from './migrations/index.js'

const config = loadGatewayConfig()
const db = createDb<GatewayDb>({ databaseUrl: config.DATABASE_URL, schema: GATEWAY_SCHEMA })
await migrateToLatest(db, GATEWAY_SCHEMA, gatewayMigrations)
const app = await buildApp({
  db, internalSecret: config.LIGATURE_INTERNAL_SECRET,
  services: { registry: config.REGISTRY_URL, projects: config.PROJECTS_URL, envelopes: config.ENVELOPES_URL, results: config.RESULTS_URL },
})
await runApp(app, config.GATEWAY_PORT, config.LIGATURE_LISTEN_HOST, () => db.destroy())
