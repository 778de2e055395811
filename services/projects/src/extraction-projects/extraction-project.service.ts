import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { ExtractionProject } from '@ligature/contracts'
import type { Static } from '@sinclair/typebox'
import type { ExtractionProjectInputSchema } from '@ligature/contracts'
import {
  apiError, canSeeProject, encodeVersion, isAdmin, isUniqueViolation, notFound, unauthorized, type Page, type Principal, type SecretBox,
} from '@ligature/service-kit'
import type { ExtractionProjectKeys } from '@ligature/contracts/internal'
import type { ExtractionProjectRow, ProjectsDb } from '../db.js'
import { findProjectById, readableProject } from '../projects/project-access.js'
import * as repo from './extraction-project.repository.js'

type ExtractionProjectInput = Static<typeof ExtractionProjectInputSchema>

const toExtractionProject = (r: ExtractionProjectRow): ExtractionProject => ({
  id: r.id, projectId: r.project_id, code: r.code, description: r.description, useEnduringLinkageKeys: r.use_enduring_linkage_keys,
  lastModified: r.last_modified.toISOString(), version: encodeVersion(r.revision),
})

/** A fresh 128-bit masking key, sealed: the clear key exists only in memory here and in the worker. */
const newMaskingKey = (box: SecretBox) => box.seal(randomBytes(16).toString('hex'))

export function createExtractionProjectService(db: Kysely<ProjectsDb>, box: SecretBox, now: () => Date = () => new Date()) {
  const visibleProjectIds = async (p: Principal) => (isAdmin(p) ? null : repo.projectIdsWithCodes(db, p.projects))

  return {
    async list(p: Principal, page: Page) {
      const { rows, total } = await repo.listExtractionProjects(db, page, { projectIds: await visibleProjectIds(p) })
      return { items: rows.map(toExtractionProject), total }
    },
    async listOfProject(p: Principal, ref: string, page: Page) {
      const project = await readableProject(db, p, ref)
      const { rows, total } = await repo.listExtractionProjects(db, page, { projectIds: null, projectId: project.id })
      return { items: rows.map(toExtractionProject), total }
    },
    async get(p: Principal, id: string) {
      const row = await repo.findExtractionProject(db, id)
      const project = row ? await findProjectById(db, row.project_id) : undefined
      if (!row || !project || !canSeeProject(p, project.code)) throw notFound('Extraction project')
      return toExtractionProject(row)
    },
    /** The id is generated (any `id` in the body is ignored); the code is unique across all projects. */
    async create(p: Principal, input: ExtractionProjectInput) {
      const project = await findProjectById(db, input.projectId)
      if (!project) throw apiError('invalidRequest', [{ path: '/projectId', message: `project ${input.projectId} does not exist` }])
      if (!canSeeProject(p, project.code)) throw unauthorized()
      const month = repo.monthOf(now())
      const row = await db.transaction().execute(async (trx) => repo.insertExtractionProject(trx, {
        id: repo.formatExtractionProjectId(month, await repo.nextSequence(trx, month)),
        project_id: project.id, code: input.code, description: input.description, use_enduring_linkage_keys: input.useEnduringLinkageKeys,
        masking_key_sealed: newMaskingKey(box),
      })).catch((err: unknown) => { if (isUniqueViolation(err)) throw apiError('extractionProjectCodeUsed'); throw err })
      return toExtractionProject(row)
    },
    /** For the worker only (internal route): the project's code, creation time and masking key in clear. */
    async keys(id: string): Promise<ExtractionProjectKeys> {
      const row = await repo.findExtractionProject(db, id)
      const project = row ? await findProjectById(db, row.project_id) : undefined
      if (!row || !project) throw notFound('Extraction project')
      const sealed = row.masking_key_sealed ?? await repo.ensureMaskingKey(db, id, newMaskingKey(box))
      return {
        id: row.id, projectId: row.project_id, projectCode: project.code, code: row.code, useEnduringLinkageKeys: row.use_enduring_linkage_keys,
        createdAt: row.created_at.toISOString(), maskingKey: box.open(sealed),
      }
    },
  }
}
export type ExtractionProjectService = ReturnType<typeof createExtractionProjectService>
