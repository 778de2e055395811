import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { LinkageStatus } from '@ligature/contracts'
import { EnvelopesInternal } from '@ligature/contracts/internal'
import { ApiError, notFound, routeInternal } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import { insertEnvelopeLinkage } from '../linkages/linkage.repository.js'
import { checkLinkageMove, IllegalLinkageMove } from '../linkages/linkage-state.js'
import { toLinkage } from '../linkages/linkage.service.js'

/** The worker records the linkage of each validated linkage envelope, and moves linkages as they run. */
export function registerLinkageInternalRoutes(app: FastifyInstance, db: Kysely<EnvelopesDb>): void {
  routeInternal(app, EnvelopesInternal.createEnvelopeLinkage, async (req, reply) => {
    const body = req.body
    const env = await db.selectFrom('envelopes').select('name').where('name', '=', body.envelopeName).executeTakeFirst()
    if (!env) throw notFound('Envelope')
    const { id, created } = await insertEnvelopeLinkage(db, { ...body, status: LinkageStatus.Pending })
    return reply.status(created ? 201 : 200).send({ id })
  })

  // Which envelope a linkage came from (null for linkages from sources), for notes about it such as a rollback.
  routeInternal(app, EnvelopesInternal.linkageEnvelope, async (req) => {
    const row = await db.selectFrom('linkages').select('envelope_name').where('id', '=', req.params.id).executeTakeFirst()
    if (!row) throw notFound('Linkage')
    return { envelopeName: row.envelope_name }
  })

  routeInternal(app, EnvelopesInternal.setLinkageState, async (req) => {
    const { id } = req.params
    const { status } = req.body
    const row = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('linkages').select('status').where('id', '=', id).forUpdate().executeTakeFirst()
      if (!current) throw notFound('Linkage')
      try {
        checkLinkageMove(current.status, status)
      } catch (err) {
        if (err instanceof IllegalLinkageMove) throw new ApiError(409, err.message)
        throw err
      }
      return trx.updateTable('linkages').set({ status }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
    })
    return toLinkage(row)
  })
}
