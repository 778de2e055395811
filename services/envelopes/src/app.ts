import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import multipart from '@fastify/multipart'
import { envelopesRoutes } from '@ligature/contracts'
import { createServiceApp, registerRoutes, type HandlerMap } from '@ligature/service-kit'
import type { EnvelopesDb } from './db.js'
import { createInbox } from './envelopes/inbox.js'
import { createEnvelopeService } from './envelopes/envelope.service.js'
import { envelopeHandlers } from './envelopes/envelope.routes.js'
import { createResultsClient } from './envelopes/results-client.js'
import { notificationHandlers } from './notifications/notification.routes.js'
import { registerInternalRoutes } from './internal/internal.routes.js'
import { jobHandlers } from './jobs/job.routes.js'
import { createLinkageService } from './linkages/linkage.service.js'
import { linkageHandlers } from './linkages/linkage.routes.js'
import { workflowHandlers } from './workflows/workflow.routes.js'
import { createProjectsClient } from './projects/projects-client.js'
import { projectEnvelopeHandlers } from './projects/project-envelopes.routes.js'
import { recordDestructionHandlers } from './destructions/record-destruction.routes.js'

export interface EnvelopesDeps {
  db: Kysely<EnvelopesDb>
  internalSecret: string
  dataDir: string
  maxEnvelopeBytes: number
  /** The projects service, read to check linkage projects and to turn project ids into codes. */
  projectsUrl: string
  /** The results service, which owns extractions (an envelope's extractions are read from it). */
  resultsUrl: string
  logger?: boolean | object
}

export async function buildApp(deps: EnvelopesDeps): Promise<FastifyInstance> {
  const app = await createServiceApp({
    name: 'envelopes', internalSecret: deps.internalSecret,
    ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
    readiness: { postgres: () => sql`select 1`.execute(deps.db) },
  })
  await app.register(multipart, { limits: { fileSize: deps.maxEnvelopeBytes, files: 1, fields: 5, parts: 6 } })
  const envelopes = createEnvelopeService(deps.db, createInbox(deps.dataDir))
  const projects = createProjectsClient(deps.projectsUrl, deps.internalSecret)
  const handlers: HandlerMap<typeof envelopesRoutes> = {
    ...envelopeHandlers(envelopes, deps.db, { maxBytes: deps.maxEnvelopeBytes }, createResultsClient(deps.resultsUrl, deps.internalSecret)),
    ...notificationHandlers(deps.db),
    ...jobHandlers(deps.db, envelopes),
    ...linkageHandlers(createLinkageService(deps.db, projects), deps.db, projects),
    ...workflowHandlers(deps.db),
    ...projectEnvelopeHandlers(envelopes, projects),
    ...recordDestructionHandlers(deps.db, projects),
  }
  registerRoutes(app, envelopesRoutes, handlers)
  registerInternalRoutes(app, deps.db)
  return app
}
