import type { Kysely } from 'kysely'
import { LinkageStatus, enumName, type Linkage, type LinkageInput } from '@ligature/contracts'
import { apiError, enqueueEvent, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { EnvelopesDb, LinkageRow } from '../db.js'
import type { ProjectsClient } from '../projects/projects-client.js'
import { requireActiveProject } from '../projects/project-refs.js'
import { requireProjectInScope } from '../scope.js'
import { duplicateSourceProblems } from './linkage-sources.js'
import * as repo from './linkage.repository.js'

export const toLinkage = (r: LinkageRow): Linkage => ({
  id: r.id, projectCode: r.project_code, name: r.name, status: r.status, statusName: enumName(LinkageStatus, r.status),
  linkageSources: r.linkage_sources, createdDateTime: r.created_date_time.toISOString(),
})

export function createLinkageService(db: Kysely<EnvelopesDb>, projects: ProjectsClient) {
  return {
    async list(p: Principal, page: Page) {
      const { rows, total } = await repo.listLinkages(db, p, page)
      return { items: rows.map(toLinkage), total }
    },
    async get(p: Principal, id: number) {
      const row = await repo.findVisibleLinkage(db, p, id)
      if (!row) throw notFound('Linkage')
      return toLinkage(row)
    },
    /** Records the request Pending and its `linkageRequested` event together; the worker reads the sources. */
    async create(p: Principal, input: LinkageInput): Promise<Linkage> {
      requireProjectInScope(p, input.projectCode)
      const problems = duplicateSourceProblems(input.linkageSources, '/linkageSources')
      if (problems.length) throw apiError('invalidRequest', problems)
      await requireActiveProject(projects, input.projectCode)
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await repo.insertLinkage(trx, {
          projectCode: input.projectCode, name: input.name, status: LinkageStatus.Pending, linkageSources: input.linkageSources,
        })
        await enqueueEvent(trx, 'linkageRequested', {
          linkageId: inserted.id, projectCode: inserted.project_code, name: inserted.name, linkageSources: input.linkageSources,
        })
        return inserted
      })
      return toLinkage(row)
    },
  }
}
export type LinkageService = ReturnType<typeof createLinkageService>
