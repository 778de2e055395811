import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { RegistryInternal } from '@ligature/contracts/internal'
import { ApiError, notFound, routeInternal } from '@ligature/service-kit'
import type { RegistryDb } from '../db.js'

const notMarked = (what: string) => new ApiError(409, `The ${what} is not marked for deletion.`)

/**
 * Calls the deletion workflows make (never routed by the gateway): the event types a provider's job must
 * end-date, and the final removal once their data is end-dated. Only the system principal may call them, and
 * only items marked for deletion can be removed.
 */
export function registerInternalRoutes(app: FastifyInstance, db: Kysely<RegistryDb>): void {
  routeInternal(app, RegistryInternal.providerEventTypes, async (req) => {
    const { id } = req.params
    if (!(await db.selectFrom('data_providers').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Data provider')
    const rows = await db.selectFrom('event_types').select('id').where('data_provider_id', '=', id).orderBy('id').execute()
    return { eventTypeIds: rows.map((r) => r.id) }
  })
  routeInternal(app, RegistryInternal.removeEventType, async (req, reply) => {
    const { id } = req.params
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('event_types').select('marked_for_deletion').where('id', '=', id).forUpdate().executeTakeFirst()
      if (!row) throw notFound('Event type')
      if (!row.marked_for_deletion) throw notMarked('event type')
      await trx.deleteFrom('project_members').where('event_type_id', '=', id).execute()
      await trx.deleteFrom('event_types').where('id', '=', id).execute()
    })
    return reply.status(204).send()
  })
  routeInternal(app, RegistryInternal.removeDataProvider, async (req, reply) => {
    const { id } = req.params
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('data_providers').select('marked_for_deletion').where('id', '=', id).forUpdate().executeTakeFirst()
      if (!row) throw notFound('Data provider')
      if (!row.marked_for_deletion) throw notMarked('data provider')
      const eventTypes = trx.selectFrom('event_types').select('id').where('data_provider_id', '=', id)
      await trx.deleteFrom('project_members').where('event_type_id', 'in', eventTypes).execute()
      await trx.deleteFrom('event_types').where('data_provider_id', '=', id).execute()
      await trx.deleteFrom('data_providers').where('id', '=', id).execute()
    })
    return reply.status(204).send()
  })
}
