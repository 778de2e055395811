import type { Kysely, Transaction } from 'kysely'
import type { ErrorKey, ProjectInput } from '@ligature/contracts'
import {
  apiError, decodeVersion, enqueueEvent, isAdmin, isUniqueViolation, type FieldProblem, type Page, type Principal,
} from '@ligature/service-kit'
import type { ProjectRow, ProjectsDb } from '../db.js'
import * as repo from './project.repository.js'
import { readableProject, writableProject } from './project-access.js'
import { toProject } from './project.mapper.js'
import { linksChanged, projectLinkProblems } from './project-links.js'
import { seedProjectDefaults } from './project-defaults.js'

/** Rules the schema cannot state: one membership per event type; project links (project-links.ts). */
async function projectProblems(db: Kysely<ProjectsDb>, input: ProjectInput, selfId: number | null): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = []
  const duplicates = (members: { eventTypeId: number }[], path: string) => {
    const seen = new Set<number>()
    members.forEach((m, i) => {
      if (seen.has(m.eventTypeId)) problems.push({ path: `${path}/${i}/eventTypeId`, message: `event type ${m.eventTypeId} is listed twice` })
      seen.add(m.eventTypeId)
    })
  }
  duplicates(input.eventTypeMembers, '/eventTypeMembers')
  for (const [i, l] of (input.projectLinks ?? []).entries()) duplicates(l.eventTypeMembers, `/projectLinks/${i}/eventTypeMembers`)
  return [...problems, ...await projectLinkProblems(db, input, selfId)]
}

/** Tells the registry (through the outbox) the project's current members, in the same transaction. */
const announceMembers = (trx: Transaction<ProjectsDb>, row: Pick<ProjectRow, 'code' | 'is_active' | 'event_type_members'>) =>
  enqueueEvent(trx, 'projectMembersChanged', {
    projectCode: row.code, isActive: row.is_active, eventTypeIds: row.event_type_members.map((m) => m.eventTypeId),
  })

export function createProjectService(db: Kysely<ProjectsDb>) {
  const uniqueCode = (err: unknown): never => { if (isUniqueViolation(err)) throw apiError('projectCodeUsed'); throw err }
  const check = async (input: ProjectInput, selfId: number | null, key: ErrorKey) => {
    const problems = await projectProblems(db, input, selfId)
    if (problems.length > 0) throw apiError(key, problems)
  }

  return {
    async list(p: Principal, page: Page) {
      const { rows, total } = await repo.listProjects(db, page, isAdmin(p) ? null : p.projects)
      return { items: rows.map(toProject), total }
    },
    get: async (p: Principal, ref: string, byCode: boolean) => toProject(await readableProject(db, p, ref, byCode)),
    /** The project, its default configuration, its record schema and its event: all or nothing. */
    async create(input: ProjectInput) {
      await check(input, null, 'createProject')
      const row = await db.transaction().execute(async (trx) => {
        const created = await repo.insertProject(trx, input)
        await seedProjectDefaults(trx, created.id)
        await repo.createRecordSchema(trx, created.id)
        await announceMembers(trx, created)
        return created
      }).catch(uniqueCode)
      return toProject(row)
    },
    async update(p: Principal, ref: string, input: ProjectInput) {
      const current = await writableProject(db, p, ref)
      // A link reads another project's records: only an administrator may name or change a reference project.
      if (!isAdmin(p) && linksChanged(current.project_links, input)) throw apiError('unauthorized')
      await check(input, current.id, 'unparseableBody')
      await db.transaction().execute(async (trx) => {
        const row = await repo.updateProject(trx, current.id, input, decodeVersion(input.version))
        if (!row) throw apiError('staleVersion')
        // A renamed project leaves its old code behind: withdraw the old code's members first.
        if (row.code !== current.code) await announceMembers(trx, { code: current.code, is_active: false, event_type_members: [] })
        await announceMembers(trx, row)
      }).catch(uniqueCode)
    },
    async remove(p: Principal, ref: string) {
      const current = await writableProject(db, p, ref)
      // A calling project's linkages read its reference project: the reference stays while it is named.
      const callers = await repo.callingProjectsOf(db, current.id)
      if (callers.length > 0) throw apiError('invalidRequest', [{ path: '/projectLinks', message: `project ${callers.map((c) => c.code).join(', ')} names this project as its reference project; remove that link first` }])
      await db.transaction().execute(async (trx) => {
        const row = await repo.deleteInactiveProject(trx, current.id)
        if (!row) throw apiError('deleteActiveProject')
        await announceMembers(trx, { code: row.code, is_active: false, event_type_members: [] })
      })
    },
  }
}
export type ProjectService = ReturnType<typeof createProjectService>
