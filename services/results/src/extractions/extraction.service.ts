import type { Kysely } from 'kysely'
import type { Extraction } from '@ligature/contracts'
import type { InternalExtractionInput } from '@ligature/contracts/internal'
import { apiError, canSeeProject, enqueueEvent, notFound, unauthorized, type Page, type Principal } from '@ligature/service-kit'
import type { ExtractionRow, ResultsDb } from '../db.js'
import type { ProjectsClient } from '../projects/projects-client.js'
import { visibleCodes } from '../scope.js'
import * as repo from './extraction.repository.js'
import { schemaStatus, statusName } from './extraction-status.js'

export const toExtraction = (r: ExtractionRow): Extraction => ({
  id: r.id, extractionProjectId: r.extraction_project_id, projectCode: r.project_code, eventTypeCode: r.event_type_code,
  status: schemaStatus(r.call_status), statusName: statusName(r.call_status), callStatus: r.call_status,
  createdDateTime: r.created_date_time.toISOString(),
})

export interface ExtractionRequest { extractionProjectId: string; projectCode: string; eventTypeCode: string }

export function createExtractionService(db: Kysely<ResultsDb>, projects: ProjectsClient) {
  /**
   * Everything an extraction names must exist and fit together before anything is queued: the project (in
   * the caller's scope), the extraction project (of that project) and the event type (a member of it).
   */
  async function check(p: Principal, req: ExtractionRequest): Promise<void> {
    const project = await projects.projectByCode(req.projectCode)
    if (!project) throw notFound('Project')
    if (!canSeeProject(p, project.code)) throw unauthorized()
    const ep = await projects.extractionProject(req.extractionProjectId)
    if (!ep) throw notFound('Extraction project')
    if (ep.projectId !== project.id) {
      throw apiError('invalidRequest', [{ path: '/extractionProjectId', message: `extraction project ${ep.id} belongs to another project` }])
    }
    if (!project.eventTypeMembers.some((m) => m.code === req.eventTypeCode)) {
      throw apiError('invalidRequest', [{ path: '/eventTypeCode', message: `event type ${req.eventTypeCode} is not a member of project ${project.code}` }])
    }
  }

  return {
    async list(p: Principal, page: Page, filter: { extractionProjectId?: string; envelopeName?: string } = {}) {
      const { rows, total } = await repo.listExtractions(db, page, { codes: visibleCodes(p), ...filter })
      return { items: rows.map(toExtraction), total }
    },
    async get(p: Principal, id: number): Promise<Extraction> {
      const row = await repo.findExtraction(db, id, visibleCodes(p))
      if (!row) throw notFound('Extraction')
      return toExtraction(row)
    },
    /** The extraction project's own list: 404 when the caller cannot see that extraction project. */
    async listOfExtractionProject(p: Principal, extractionProjectId: string, page: Page) {
      const ep = await projects.extractionProject(extractionProjectId)
      const project = ep ? await projects.projectById(ep.projectId) : null
      if (!ep || !project || !canSeeProject(p, project.code)) throw notFound('Extraction project')
      return this.list(p, page, { extractionProjectId: ep.id })
    },
    /** `POST /extractions`: checked, stored Pending and announced in one transaction; the worker runs it. */
    async request(p: Principal, req: ExtractionRequest): Promise<Extraction> {
      await check(p, req)
      const row = await db.transaction().execute(async (trx) => {
        const created = await repo.insertExtraction(trx, {
          extraction_project_id: req.extractionProjectId, project_code: req.projectCode, event_type_code: req.eventTypeCode, requested_by: p.tokenId,
        })
        await enqueueEvent(trx, 'extractionRequested', { extractionId: created.id, projectCode: created.project_code })
        return created
      })
      return toExtraction(row)
    },
    /** Extractions the worker runs inside its own workflow (extraction envelopes, bulk loads): no event. */
    async createInternal(input: InternalExtractionInput): Promise<Extraction> {
      await check({ tokenId: 'system', name: 'system', role: 'admin', projects: [] }, input)
      // A retried activity asks again for the same extraction: it gets the one it made.
      const again = await repo.findSameRun(db, input)
      if (again) return toExtraction(again)
      const row = await repo.insertExtraction(db, {
        extraction_project_id: input.extractionProjectId, project_code: input.projectCode, event_type_code: input.eventTypeCode,
        requested_by: input.envelopeName ? `envelope:${input.envelopeName}` : input.workflowId ? `workflow:${input.workflowId}` : 'system',
        envelope_name: input.envelopeName ?? null, workflow_id: input.workflowId ?? null,
        ids_folder: input.idsFile?.folder ?? null, ids_file_name: input.idsFile?.fileName ?? null,
      })
      return toExtraction(row)
    },
  }
}
export type ExtractionService = ReturnType<typeof createExtractionService>
