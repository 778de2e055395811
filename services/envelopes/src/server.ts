import { connectNats, createDb, ensureStream, migrateToLatest, runApp, startOutboxRelay } from '@ligature/service-kit'
import { loadEnvelopesConfig } from './config.js'
import { buildApp } from './app.js'
import { ENVELOPES_SCHEMA, type EnvelopesDb } from './db.js'
import { envelopesMigrations } from './migrations/index.js'
import { createInbox } from './envelopes/inbox.js'
import { createEnvelopeService } from './envelopes/envelope.service.js'
import { createDropWatcher } from './drop/drop-watcher.js'

const config = loadEnvelopesConfig()
const db = createDb<EnvelopesDb>({ databaseUrl: config.DATABASE_URL, schema: ENVELOPES_SCHEMA })
await migrateToLatest(db, ENVELOPES_SCHEMA, envelopesMigrations)
const nc = await connectNats(config.NATS_URL, 'envelopes')
await ensureStream(nc, config.LIGATURE_NATS_NAMESPACE)
const app = await buildApp({
  db, internalSecret: config.LIGATURE_INTERNAL_SECRET, dataDir: config.LIGATURE_DATA_DIR,
  maxEnvelopeBytes: config.LIGATURE_MAX_ENVELOPE_BYTES, projectsUrl: config.PROJECTS_URL, resultsUrl: config.RESULTS_URL,
})
const relay = startOutboxRelay({ db, schema: ENVELOPES_SCHEMA, nc, log: app.log as never, namespace: config.LIGATURE_NATS_NAMESPACE })
const dropWatcher = createDropWatcher({
  dataDir: config.LIGATURE_DATA_DIR, envelopes: createEnvelopeService(db, createInbox(config.LIGATURE_DATA_DIR)),
  maxBytes: config.LIGATURE_MAX_ENVELOPE_BYTES, pollMs: config.LIGATURE_DROP_POLL_MS, log: app.log,
})
await dropWatcher.start()
await runApp(app, config.ENVELOPES_PORT, config.LIGATURE_LISTEN_HOST, async () => {
  await dropWatcher.stop()
  await relay.stop()
  await nc.drain()
  await db.destroy()
})
