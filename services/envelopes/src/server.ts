import { runService } from '@ligature/service-kit'
import { loadEnvelopesConfig } from './config.js'
import { buildApp } from './app.js'
import { ENVELOPES_SCHEMA, type EnvelopesDb } from './db.js'
import { envelopesMigrations } from './migrations/index.js'
import { createInbox } from './envelopes/inbox.js'
import { createEnvelopeService } from './envelopes/envelope.service.js'
import { createDropWatcher } from './drop/drop-watcher.js'

const config = loadEnvelopesConfig()
await runService<EnvelopesDb>({
  name: 'envelopes', schema: ENVELOPES_SCHEMA, migrations: envelopesMigrations, config, port: config.ENVELOPES_PORT,
  build: (db) => buildApp({
    db, internalSecret: config.LIGATURE_INTERNAL_SECRET, dataDir: config.LIGATURE_DATA_DIR,
    maxEnvelopeBytes: config.LIGATURE_MAX_ENVELOPE_BYTES, projectsUrl: config.PROJECTS_URL, resultsUrl: config.RESULTS_URL,
  }),
  start: async ({ db, app }) => {
    const dropWatcher = createDropWatcher({
      dataDir: config.LIGATURE_DATA_DIR, envelopes: createEnvelopeService(db, createInbox(config.LIGATURE_DATA_DIR)),
      maxBytes: config.LIGATURE_MAX_ENVELOPE_BYTES, pollMs: config.LIGATURE_DROP_POLL_MS, log: app.log,
    })
    await dropWatcher.start()
    return [dropWatcher]
  },
})
