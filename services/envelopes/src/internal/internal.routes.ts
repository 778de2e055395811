import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { EnvelopesInternal } from '@ligature/contracts/internal'
import { notFound, routeInternal, enqueueEvent } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import { updateEnvelopeState } from '../envelopes/envelope.repository.js'
import { toEnvelope } from '../envelopes/envelope.service.js'
import { registerJobInternalRoutes } from './job.internal.js'
import { registerLinkageInternalRoutes } from './linkage.internal.js'
import { registerWorkflowInternalRoutes } from './workflow.internal.js'

/**
 * Calls the worker makes (never routed by the gateway): the envelope's state as its workflow moves it, the
 * notifications it writes, and its jobs, linkages and workflows. Only the system principal, signed with the
 * internal secret, may call them.
 */
export function registerInternalRoutes(app: FastifyInstance, db: Kysely<EnvelopesDb>): void {
  routeInternal(app, EnvelopesInternal.setEnvelopeState, async (req) => {
    const { name } = req.params
    const body = req.body
    const row = await db.transaction().execute(async (trx) => {
      const updated = await updateEnvelopeState(trx, name, body)
      if (updated) await enqueueEvent(trx, 'envelopeStatusChanged', { name, status: body.status })
      return updated
    })
    if (!row) throw notFound('Envelope')
    return toEnvelope(row)
  })
  routeInternal(app, EnvelopesInternal.notifyEnvelope, async (req, reply) => {
    const { name } = req.params
    const body = req.body
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
  routeInternal(app, EnvelopesInternal.notifyProject, async (req, reply) => {
    const body = req.body
    const row = await db.insertInto('notifications').values({
      envelope_name: null, project_code: body.projectCode, log_level: body.logLevel, message: body.message, attachment_filename: null, attachment_path: null,
    }).returning('id').executeTakeFirstOrThrow()
    return reply.status(201).send({ id: row.id })
  })
  registerJobInternalRoutes(app, db)
  registerLinkageInternalRoutes(app, db)
  registerWorkflowInternalRoutes(app, db)
}
