import type { Kysely } from 'kysely'
import { pageOf, sendPage, type Handler } from '@ligature/service-kit'
import type { ProjectsDb } from '../db.js'
import { readableProject } from '../projects/project-access.js'
import { listLinkageFields } from './linkage-field.repository.js'

export const linkageFieldHandlers = (db: Kysely<ProjectsDb>) => ({
  listLinkageFields: (async ({ principal, params, query, reply }) => {
    const project = await readableProject(db, principal, params.id)
    const { items, total } = await listLinkageFields(db, project.id, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
})
