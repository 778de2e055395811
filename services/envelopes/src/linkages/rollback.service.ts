import type { Kysely } from 'kysely'
import { WorkflowStatus, type Workflow } from '@ligature/contracts'
import { enqueueEvent, type Principal } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import type { ProjectsClient } from '../projects/projects-client.js'
import { writableProjectCode } from '../projects/project-refs.js'
import { insertWorkflow } from '../workflows/workflow.repository.js'
import { toWorkflow } from '../workflows/workflow.routes.js'

/**
 * A rollback is a workflow (Created) named after its reason, announced with who asked, in one transaction. The
 * worker undoes the project's last processed change under the project's lock (DECISIONS.md, "Rollback").
 */
export async function requestRollback(db: Kysely<EnvelopesDb>, projects: ProjectsClient, p: Principal, ref: string, reason: string): Promise<Workflow> {
  const projectCode = await writableProjectCode(projects, p, ref)
  const row = await db.transaction().execute(async (trx) => {
    const workflow = await insertWorkflow(trx, { projectCode, name: `Rollback: ${reason}`.slice(0, 256), extractionProjectId: null, status: WorkflowStatus.Created })
    await enqueueEvent(trx, 'rollbackRequested', { workflowId: workflow.id, projectCode, reason, requestedBy: `${p.name} (${p.tokenId})` })
    return workflow
  })
  return toWorkflow(row)
}
