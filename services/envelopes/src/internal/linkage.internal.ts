import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { Type } from '@sinclair/typebox'
import { LinkageSourceSchema, LinkageStatus } from '@ligature/contracts'
import { ApiError, notFound } from '@ligature/service-kit'
import type { EnvelopesDb, LinkageSourceValue } from '../db.js'
import { insertEnvelopeLinkage } from '../linkages/linkage.repository.js'
import { checkLinkageMove, IllegalLinkageMove } from '../linkages/linkage-state.js'
import { toLinkage } from '../linkages/linkage.service.js'

const plain = <T>(schema: T): T => JSON.parse(JSON.stringify(schema, (k, v) => (k === '$id' ? undefined : v)))
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
const EnvelopeLinkageBody = Type.Object({
  projectCode: Type.String({ minLength: 1, maxLength: 20 }),
  name: Type.String({ minLength: 1, maxLength: 256 }),
  envelopeName: Type.String({ minLength: 1, maxLength: 200 }),
  linkageSources: Type.Array(plain(LinkageSourceSchema), { minItems: 1 }),
}, { additionalProperties: false })
const StatusBody = Type.Object({ status: Type.Integer({ minimum: 0, maximum: 3 }) }, { additionalProperties: false })

/** The worker records the linkage of each validated linkage envelope, and moves linkages as they run. */
export function registerLinkageInternalRoutes(app: FastifyInstance, db: Kysely<EnvelopesDb>): void {
  app.post('/internal/linkages', { schema: { hide: true, body: EnvelopeLinkageBody } }, async (req, reply) => {
    const body = req.body as { projectCode: string; name: string; envelopeName: string; linkageSources: LinkageSourceValue[] }
    const env = await db.selectFrom('envelopes').select('name').where('name', '=', body.envelopeName).executeTakeFirst()
    if (!env) throw notFound('Envelope')
    const { id, created } = await insertEnvelopeLinkage(db, { ...body, status: LinkageStatus.Pending })
    return reply.status(created ? 201 : 200).send({ id })
  })

  // Which envelope a linkage came from (null for linkages from sources), for notes about it such as a rollback.
  app.get('/internal/linkages/:id/envelope', { schema: { hide: true, params: IdParams } }, async (req) => {
    const row = await db.selectFrom('linkages').select('envelope_name').where('id', '=', (req.params as { id: number }).id).executeTakeFirst()
    if (!row) throw notFound('Linkage')
    return { envelopeName: row.envelope_name }
  })

  app.put('/internal/linkages/:id/state', { schema: { hide: true, params: IdParams, body: StatusBody } }, async (req) => {
    const { id } = req.params as { id: number }
    const { status } = req.body as { status: number }
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
