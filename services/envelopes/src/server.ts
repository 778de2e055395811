import { connectNats, createDb, ensureStream, migrateToLatest, runApp, startOutboxRelay } from '@ligature/service-kit'
import { loadEnvelopesConfig } from './config.js'
import { buildApp } from './app.js'
import { ENVELOPES_SCHEMA, type EnvelopesDb } from './db.js'
import { envelopesMigrations } from './migrations/index.js'

const config = loadEnvelopesConfig()
const db = createDb<EnvelopesDb>({ databaseUrl: config.DATABASE_URL, schema: ENVELOPES_SCHEMA })
await migrateToLatest(db, ENVELOPES_SCHEMA, envelopesMigrations)
const nc = await connectNats(config.NATS_URL, 'envelopes')
await ensureStream(nc, config.LIGATURE_NATS_NAMESPACE)
const app = await buildApp({ db, internalSecret: config.LIGATURE_INTERNAL_SECRET, dataDir: config.LIGATURE_DATA_DIR, maxEnvelopeBytes: config.LIGATURE_MAX_ENVELOPE_BYTES })
const relay = startOutboxRelay({ db, schema: ENVELOPES_SCHEMA, nc, log: app.log as never, namespace: config.LIGATURE_NATS_NAMESPACE })
await runApp(app, config.ENVELOPES_PORT, undefined, async () => {
  await relay.stop()
  await nc.drain()
  await db.destroy()
})
