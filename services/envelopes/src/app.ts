import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import multipart from '@fastify/multipart'
import { envelopesRoutes } from '@ligature/contracts'
import { createServiceApp, registerRoutes, type HandlerMap } from '@ligature/service-kit'
import type { EnvelopesDb } from './db.js'
import { createInbox } from './envelopes/inbox.js'
import { createEnvelopeService } from './envelopes/envelope.service.js'
import { envelopeHandlers } from './envelopes/envelope.routes.js'
import { notificationHandlers } from './notifications/notification.routes.js'
import { registerInternalRoutes } from './internal/internal.routes.js'
import { pendingHandlers } from './pending.routes.js'

export interface EnvelopesDeps {
  db: Kysely<EnvelopesDb>
  internalSecret: string
  dataDir: string
  maxEnvelopeBytes: number
  logger?: boolean | object
}

export async function buildApp(deps: EnvelopesDeps): Promise<FastifyInstance> {
  const app = await createServiceApp({
    name: 'envelopes', internalSecret: deps.internalSecret,
    ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
    readiness: { postgres: () => sql`select 1`.execute(deps.db) },
  })
  await app.register(multipart, { limits: { fileSize: deps.maxEnvelopeBytes, files: 1, fields: 5, parts: 6 } })
  const inbox = createInbox(deps.dataDir)
  const handlers: HandlerMap<typeof envelopesRoutes> = {
    ...envelopeHandlers(createEnvelopeService(deps.db, inbox), deps.db, { maxBytes: deps.maxEnvelopeBytes }),
    ...notificationHandlers(deps.db),
    ...pendingHandlers,
  }
  registerRoutes(app, envelopesRoutes, handlers)
  registerInternalRoutes(app, deps.db)
  return app
}
