import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { Type } from '@sinclair/typebox'
import { isAdmin, notFound, unauthorized, enqueueEvent } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import { updateEnvelopeState } from '../envelopes/envelope.repository.js'
import { toEnvelope } from '../envelopes/envelope.service.js'
import { registerJobInternalRoutes } from './job.internal.js'
import { registerLinkageInternalRoutes } from './linkage.internal.js'
import { registerWorkflowInternalRoutes } from './workflow.internal.js'

const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) })
const StateBody = Type.Object({
  status: Type.Integer({ minimum: 0, maximum: 4 }),
  type: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
  projectCode: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  sender: Type.Optional(Type.Union([Type.String({ maxLength: 15 }), Type.Null()])),
}, { additionalProperties: false })
const NotificationBody = Type.Object({
  logLevel: Type.Union([Type.Literal('Information'), Type.Literal('Warning'), Type.Literal('Error')]),
  message: Type.String({ minLength: 1, maxLength: 4000 }),
  attachmentFilename: Type.Optional(Type.String({ maxLength: 255 })),
  attachmentPath: Type.Optional(Type.String({ maxLength: 4096 })),
}, { additionalProperties: false })

const ProjectNotificationBody = Type.Object({
  projectCode: Type.String({ minLength: 1, maxLength: 20 }),
  logLevel: Type.Union([Type.Literal('Information'), Type.Literal('Warning'), Type.Literal('Error')]),
  message: Type.String({ minLength: 1, maxLength: 4000 }),
}, { additionalProperties: false })

/**
 * Calls the worker makes (never routed by the gateway): the envelope's state as its workflow moves it, the
 * notifications it writes, and its jobs, linkages and workflows. Only the system principal, signed with the
 * internal secret, may call them.
 */
export function registerInternalRoutes(app: FastifyInstance, db: Kysely<EnvelopesDb>): void {
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/internal/') && !(req.principal && isAdmin(req.principal) && req.principal.tokenId === 'system')) throw unauthorized()
  })
  app.put('/internal/envelopes/:name/state', { schema: { hide: true, params: NameParams, body: StateBody } }, async (req) => {
    const { name } = req.params as { name: string }
    const body = req.body as { status: number; type?: number; projectCode?: string | null; sender?: string | null }
    const row = await db.transaction().execute(async (trx) => {
      const updated = await updateEnvelopeState(trx, name, body)
      if (updated) await enqueueEvent(trx, 'envelopeStatusChanged', { name, status: body.status })
      return updated
    })
    if (!row) throw notFound('Envelope')
    return toEnvelope(row)
  })
  app.post('/internal/envelopes/:name/notifications', { schema: { hide: true, params: NameParams, body: NotificationBody } }, async (req, reply) => {
    const { name } = req.params as { name: string }
    const body = req.body as { logLevel: string; message: string; attachmentFilename?: string; attachmentPath?: string }
    const env = await db.selectFrom('envelopes').select(['name', 'project_code']).where('name', '=', name).executeTakeFirst()
    if (!env) throw notFound('Envelope')
    const row = await db.insertInto('notifications').values({
      envelope_name: name, project_code: env.project_code, log_level: body.logLevel, message: body.message,
      attachment_filename: body.attachmentFilename ?? null, attachment_path: body.attachmentPath ?? null,
    }).returning('id').executeTakeFirstOrThrow()
    return reply.status(201).send({ id: row.id })
  })
  // Notifications of work that has no envelope (extractions requested through the API): kept with their
  // project, readable by id (`GET /notifications/{id}`), which the job's stats name.
  app.post('/internal/notifications', { schema: { hide: true, body: ProjectNotificationBody } }, async (req, reply) => {
    const body = req.body as { projectCode: string; logLevel: string; message: string }
    const row = await db.insertInto('notifications').values({
      envelope_name: null, project_code: body.projectCode, log_level: body.logLevel, message: body.message, attachment_filename: null, attachment_path: null,
    }).returning('id').executeTakeFirstOrThrow()
    return reply.status(201).send({ id: row.id })
  })
  registerJobInternalRoutes(app, db)
  registerLinkageInternalRoutes(app, db)
  registerWorkflowInternalRoutes(app, db)
}
