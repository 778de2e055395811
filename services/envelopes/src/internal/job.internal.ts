import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { Type } from '@sinclair/typebox'
import { ApiError, notFound } from '@ligature/service-kit'
import type { EnvelopesDb, JobState } from '../db.js'
import { JobStates, IllegalJobMove, planJobMove } from '../jobs/job-state.js'
import { insertJob, updateJob, type NewJob } from '../jobs/job.repository.js'
import { toJob } from '../jobs/job.routes.js'

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) })
const OptId = Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 }))
const CreateBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  envelopeName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  linkageId: OptId, workflowId: OptId, projectId: OptId, dataProviderId: OptId, eventTypeId: OptId,
  projectCode: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  projectName: Type.Optional(Type.String({ maxLength: 100 })),
  dataProviderName: Type.Optional(Type.String({ maxLength: 255 })),
}, { additionalProperties: false })
// Stat values are text in the API; counts may arrive as numbers and are stored as their decimal text.
const Stat = Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }), value: Type.Union([Type.String({ maxLength: 1000 }), Type.Number()]) }, { additionalProperties: false })
const StateBody = Type.Object({
  state: Type.Union(JobStates.map((s) => Type.Literal(s))),
  stats: Type.Optional(Type.Array(Stat, { maxItems: 100 })),
}, { additionalProperties: false })

/**
 * Jobs the worker records for each step. A job without a project code takes its envelope's or linkage's,
 * so it is scoped like the thing it works on.
 */
export function registerJobInternalRoutes(app: FastifyInstance, db: Kysely<EnvelopesDb>): void {
  app.post('/internal/jobs', { schema: { hide: true, body: CreateBody } }, async (req, reply) => {
    const body = req.body as NewJob
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
    const row = await insertJob(db, { ...body, ...(projectCode !== undefined ? { projectCode } : {}) })
    return reply.status(201).send({ id: row.id })
  })

  app.put('/internal/jobs/:id', { schema: { hide: true, params: IdParams, body: StateBody } }, async (req) => {
    const { id } = req.params as { id: number }
    const body = req.body as { state: JobState; stats?: { name: string; value: string | number }[] }
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
