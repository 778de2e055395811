import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { EnvelopesInternal } from '@ligature/contracts/internal'
import { ApiError, notFound, routeInternal } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import { IllegalJobMove, planJobMove } from '../jobs/job-state.js'
import { insertJob, updateJob } from '../jobs/job.repository.js'
import { toJob } from '../jobs/job.routes.js'

/**
 * Jobs the worker records for each step. A job without a project code takes its envelope's or linkage's,
 * so it is scoped like the thing it works on.
 */
export function registerJobInternalRoutes(app: FastifyInstance, db: Kysely<EnvelopesDb>): void {
  routeInternal(app, EnvelopesInternal.startJob, async (req, reply) => {
    const body = req.body
    let projectCode = body.projectCode
    if (body.envelopeName !== undefined) {
      const env = await db.selectFrom('envelopes').select('project_code').where('name', '=', body.envelopeName).executeTakeFirst()
      if (!env) throw notFound('Envelope')
      projectCode ??= env.project_code ?? undefined
    }
    if (body.linkageId !== undefined) {
      const linkage = await db.selectFrom('linkages').select('project_code').where('id', '=', body.linkageId).executeTakeFirst()
      if (!linkage) throw notFound('Linkage')
      projectCode ??= linkage.project_code
    }
    if (body.workflowId !== undefined) {
      const workflow = await db.selectFrom('workflows').select('project_code').where('id', '=', body.workflowId).executeTakeFirst()
      if (!workflow) throw notFound('Workflow')
      projectCode ??= workflow.project_code
    }
    const { id, created } = await insertJob(db, { ...body, ...(projectCode !== undefined ? { projectCode } : {}) })
    return reply.status(created ? 201 : 200).send({ id })
  })

  routeInternal(app, EnvelopesInternal.finishJob, async (req) => {
    const { id } = req.params
    const body = req.body
    const row = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('jobs').select('state').where('id', '=', id).forUpdate().executeTakeFirst()
      if (!current) throw notFound('Job')
      let plan: { stampFinish: boolean }
      try {
        plan = planJobMove(current.state, body.state)
      } catch (err) {
        if (err instanceof IllegalJobMove) throw new ApiError(409, err.message)
        throw err
      }
      return updateJob(trx, id, {
        state: body.state,
        ...(body.stats ? { stats: body.stats.map((s) => ({ name: s.name, value: String(s.value) })) } : {}),
        ...(plan.stampFinish ? { processing_finish: new Date() } : {}),
      })
    })
    return toJob(row!)
  })
}
