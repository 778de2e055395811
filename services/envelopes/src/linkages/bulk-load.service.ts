import type { Kysely } from 'kysely'
import { LinkageStatus, WorkflowStatus, type BulkLinkage, type Workflow } from '@ligature/contracts'
import { apiError, enqueueEvent, type Principal } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import type { ProjectsClient } from '../projects/projects-client.js'
import { requireActiveProject, requireEnduringExtractionProject } from '../projects/project-refs.js'
import { requireProjectInScope } from '../scope.js'
import { insertWorkflow } from '../workflows/workflow.repository.js'
import { toWorkflow } from '../workflows/workflow.routes.js'
import { duplicateSourceProblems } from './linkage-sources.js'
import { insertLinkage } from './linkage.repository.js'

/** Each entry's linkage is named after the bulk load and its position, within the 256-character limit. */
export function entryName(name: string, index: number, count: number): string {
  const suffix = ` (${index + 1} of ${count})`
  return name.slice(0, 256 - suffix.length) + suffix
}

/**
 * A bulk load is a workflow (Created) with one Pending linkage per entry, each entry's sources combined into
 * one envelope. All of it and the `bulkLoadRequested` event (linkage ids in run order) commit together, so
 * the worker never sees a workflow without its linkages.
 */
export async function startBulkLoad(db: Kysely<EnvelopesDb>, projects: ProjectsClient, p: Principal, input: BulkLinkage): Promise<Workflow> {
  requireProjectInScope(p, input.projectCode)
  const problems = input.envelopes.flatMap((e, i) => duplicateSourceProblems(e.linkageSources, `/envelopes/${i}/linkageSources`))
  if (problems.length) throw apiError('invalidRequest', problems)
  await requireActiveProject(projects, input.projectCode)
  const extractionProjectId = input.extractionProjectId ?? null
  if (extractionProjectId !== null) await requireEnduringExtractionProject(projects, input.projectCode, extractionProjectId)
  const row = await db.transaction().execute(async (trx) => {
    const workflow = await insertWorkflow(trx, { projectCode: input.projectCode, name: input.name, extractionProjectId, status: WorkflowStatus.Created })
    const linkageIds: number[] = []
    for (const [i, entry] of input.envelopes.entries()) {
      const linkage = await insertLinkage(trx, {
        projectCode: input.projectCode, name: entryName(input.name, i, input.envelopes.length), status: LinkageStatus.Pending,
        linkageSources: entry.linkageSources, workflowId: workflow.id,
      })
      linkageIds.push(linkage.id)
    }
    await enqueueEvent(trx, 'bulkLoadRequested', { workflowId: workflow.id, projectCode: input.projectCode, name: input.name, extractionProjectId, linkageIds })
    return workflow
  })
  return toWorkflow(row)
}
