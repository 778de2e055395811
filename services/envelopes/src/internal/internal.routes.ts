import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { EnvelopesInternal } from '@ligature/contracts/internal'
import { notFound, routeInternal, enqueueEvent } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import { updateEnvelopeState } from '../envelopes/envelope.repository.js'
import { toEnvelope } from '../envelopes/envelope.service.js'
import { insertNotification } from '../notifications/notification.repository.js'
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
    const { id, created } = await insertNotification(db, { ...body, envelopeName: name, projectCode: env.project_code })
    return reply.status(created ? 201 : 200).send({ id })
  })
  // Notifications of work that has no envelope (extractions requested through the API): kept with their
  // project, readable by id (`GET /notifications/{id}`), which the job's stats name.
  routeInternal(app, EnvelopesInternal.notifyProject, async (req, reply) => {
    const body = req.body
    const { id, created } = await insertNotification(db, { ...body, envelopeName: null })
    return reply.status(created ? 201 : 200).send({ id })
  })
  registerJobInternalRoutes(app, db)
  registerLinkageInternalRoutes(app, db)
  registerWorkflowInternalRoutes(app, db)
}
