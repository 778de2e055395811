import type { Kysely } from 'kysely'
import { EnvelopeStatus, WorkflowStatus, enumName, type RecordDestruction, type RecordDestructionInput, type Workflow } from '@ligature/contracts'
import { pageWithTotal, apiError, enqueueEvent, type Page, type Principal } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import type { ProjectsClient } from '../projects/projects-client.js'
import { readableProjectCode, writableProjectCode } from '../projects/project-refs.js'
import { insertWorkflow } from '../workflows/workflow.repository.js'
import { toWorkflow } from '../workflows/workflow.routes.js'
import { destructionSelector, isProblem, type DestructionSelector } from './destruction-selector.js'

/** The job the worker reports a destruction's counts on (DECISIONS.md, "Destroying record data"). */
export const DESTRUCTION_JOB = 'Destroy Record Data'

const invalid = (path: string, message: string) => apiError('invalidRequest', [{ path, message }])

/** The selector as the worker needs it: an envelope's linkages, or an event type's id (and ids). */
async function resolveSelector(db: Kysely<EnvelopesDb>, projects: ProjectsClient, projectCode: string, selector: DestructionSelector) {
  if (selector.kind === 'envelope') {
    const env = await db.selectFrom('envelopes').select(['name', 'status', 'project_code']).where('name', '=', selector.envelopeName).executeTakeFirst()
    if (!env || env.project_code !== projectCode) throw invalid('/envelopeName', 'No envelope of this project has this name.')
    // Its records are still being loaded (and its files read): destroying now would race the load.
    if (env.status !== EnvelopeStatus.Complete && env.status !== EnvelopeStatus.Failed) {
      throw invalid('/envelopeName', 'The envelope is still being processed; destroy its data once it has finished.')
    }
    const linkages = await db.selectFrom('linkages').select('id').where('envelope_name', '=', env.name).orderBy('id').execute()
    return { envelopeName: env.name, linkageIds: linkages.map((l) => l.id), eventTypeCode: null, eventTypeId: null, sourceUniqueIds: null }
  }
  const member = (await projects.projectByCode(projectCode))?.eventTypeMembers.find((m) => m.code === selector.eventTypeCode)
  if (!member) throw invalid('/eventTypeCode', 'The event type is not a member of this project.')
  return { envelopeName: null, linkageIds: [], eventTypeCode: member.code, eventTypeId: member.eventTypeId, sourceUniqueIds: selector.sourceUniqueIds }
}

/**
 * A destruction is a workflow (Created), its audit row (who, when, why, what) and its event, in one
 * transaction; the worker blanks the records under the project's lock.
 */
export async function requestDestruction(db: Kysely<EnvelopesDb>, projects: ProjectsClient, p: Principal, ref: string, body: RecordDestructionInput): Promise<Workflow> {
  const projectCode = await writableProjectCode(projects, p, ref)
  const selector = destructionSelector(body)
  if (isProblem(selector)) throw invalid(selector.path, selector.message)
  const resolved = await resolveSelector(db, projects, projectCode, selector)
  const requestedBy = `${p.name} (${p.tokenId})`
  const row = await db.transaction().execute(async (trx) => {
    const workflow = await insertWorkflow(trx, { projectCode, name: `Destroy record data: ${body.reason}`.slice(0, 256), extractionProjectId: null, status: WorkflowStatus.Created })
    await trx.insertInto('record_destructions').values({
      workflow_id: workflow.id, project_code: projectCode, requested_by: requestedBy, reason: body.reason, envelope_name: resolved.envelopeName,
      event_type_code: resolved.eventTypeCode, source_unique_id_count: resolved.sourceUniqueIds?.length ?? null,
    }).execute()
    await enqueueEvent(trx, 'recordDestructionRequested', { workflowId: workflow.id, projectCode, reason: body.reason, requestedBy, ...resolved })
    return workflow
  })
  return toWorkflow(row)
}

/** A project's destructions, oldest first, with their workflow's status and their job's counts. */
export async function listDestructions(db: Kysely<EnvelopesDb>, projects: ProjectsClient, p: Principal, ref: string, page: Page) {
  const projectCode = await readableProjectCode(projects, p, ref)
  const base = db.selectFrom('record_destructions as d').where('d.project_code', '=', projectCode)
  const { rows, total } = await pageWithTotal(base, (f) => f.innerJoin('workflows as w', 'w.id', 'd.workflow_id')
    .leftJoin('jobs as j', (join) => join.onRef('j.workflow_id', '=', 'd.workflow_id').on('j.name', '=', DESTRUCTION_JOB))
    .select(['d.workflow_id', 'd.project_code', 'd.requested_by', 'd.requested_on', 'd.reason', 'd.envelope_name', 'd.event_type_code',
      'd.source_unique_id_count', 'w.status', 'w.processing_finish', 'j.stats'])
    .orderBy('d.workflow_id'), page)
  const items: RecordDestruction[] = rows.map((r) => ({
    workflowId: r.workflow_id, projectCode: r.project_code, requestedBy: r.requested_by, requestedOn: r.requested_on.toISOString(), reason: r.reason,
    envelopeName: r.envelope_name, eventTypeCode: r.event_type_code, sourceUniqueIdCount: r.source_unique_id_count,
    status: r.status, statusName: enumName(WorkflowStatus, r.status), processingFinish: r.processing_finish?.toISOString() ?? null, stats: r.stats ?? [],
  }))
  return { items, total }
}
