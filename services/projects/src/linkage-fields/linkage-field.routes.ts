import { projectsRoutes } from '@ligature/contracts'
import type { Kysely } from 'kysely'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { ProjectsDb } from '../db.js'
import { readableProject } from '../projects/project-access.js'
import { listLinkageFields } from './linkage-field.repository.js'

export const linkageFieldHandlers = (db: Kysely<ProjectsDb>) => handlersOf(projectsRoutes)({
  listLinkageFields: async ({ principal, params, query, reply }) => {
    const project = await readableProject(db, principal, params.id)
    const { items, total } = await listLinkageFields(db, project.id, pageOf(query))
    return sendPage(reply, items, total)
  },
})
