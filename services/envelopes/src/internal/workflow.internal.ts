import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { WorkflowStatus, transitionWorkflow, type WorkflowEvent, type WorkflowStatusValue } from '@ligature/contracts/transitions'
import { EnvelopesInternal } from '@ligature/contracts/internal'
import { ApiError, notFound, routeInternal } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import { toWorkflow } from '../workflows/workflow.routes.js'


/** The status a report asks for, as the event of the contracts' workflow life that leads there. */
const eventFor: Record<number, WorkflowEvent> = {
  [WorkflowStatus.Queued]: 'queue', [WorkflowStatus.Processing]: 'start', [WorkflowStatus.Complete]: 'complete',
  [WorkflowStatus.Failed]: 'fail', [WorkflowStatus.Cancelled]: 'cancel',
}
const FINAL: readonly number[] = [WorkflowStatus.Complete, WorkflowStatus.Failed, WorkflowStatus.Cancelled]

/**
 * The worker moves a bulk-load workflow through its life; an illegal move is 409. The same status again is
 * accepted unchanged (a retried report). Processing stamps the start, a final status the finish.
 */
export function registerWorkflowInternalRoutes(app: FastifyInstance, db: Kysely<EnvelopesDb>): void {
  routeInternal(app, EnvelopesInternal.setWorkflowState, async (req) => {
    const { id } = req.params
    const { status } = req.body
    const row = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('workflows').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
      if (!current) throw notFound('Workflow')
      if (current.status === status) return current
      let next: WorkflowStatusValue
      try {
        next = transitionWorkflow(current.status as WorkflowStatusValue, eventFor[status]!)
      } catch (err) {
        throw new ApiError(409, (err as Error).message)
      }
      return trx.updateTable('workflows').set({
        status: next,
        ...(next === WorkflowStatus.Processing ? { processing_start: sql<Date>`coalesce(processing_start, now())` } : {}),
        ...(FINAL.includes(next) ? { processing_finish: sql<Date>`now()` } : {}),
      }).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
    })
    return toWorkflow(row)
  })
}
