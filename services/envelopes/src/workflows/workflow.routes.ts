import type { Kysely } from 'kysely'
import { WorkflowStatus, enumName, type Workflow, envelopesRoutes } from '@ligature/contracts'
import { handlersOf, notFound, pageOf, sendPage } from '@ligature/service-kit'
import type { EnvelopesDb, WorkflowRow } from '../db.js'
import { findVisibleWorkflow, listWorkflows } from './workflow.repository.js'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export const toWorkflow = (r: WorkflowRow): Workflow => ({
  id: r.id, projectCode: r.project_code, initiatedOn: r.initiated_on.toISOString(),
  processingStart: iso(r.processing_start), processingFinish: iso(r.processing_finish),
  status: r.status, statusName: enumName(WorkflowStatus, r.status),
})

export const workflowHandlers = (db: Kysely<EnvelopesDb>) => handlersOf(envelopesRoutes)({
  listWorkflows: async ({ principal, query, reply }) => {
    const { rows, total } = await listWorkflows(db, principal, pageOf(query))
    return sendPage(reply, rows.map(toWorkflow), total)
  },
  getWorkflow: async ({ principal, params }) => {
    const row = await findVisibleWorkflow(db, principal, params.id)
    if (!row) throw notFound('Workflow')
    return toWorkflow(row)
  },
})
