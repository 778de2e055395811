import { envelopesRoutes } from '@ligature/contracts'
import type { Kysely } from 'kysely'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import type { ProjectsClient } from '../projects/projects-client.js'
import type { LinkageService } from './linkage.service.js'
import { startBulkLoad } from './bulk-load.service.js'
import { requestRollback } from './rollback.service.js'

export const linkageHandlers = (svc: LinkageService, db: Kysely<EnvelopesDb>, projects: ProjectsClient) => handlersOf(envelopesRoutes)({
  listLinkages: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  getLinkage: async ({ principal, params }) => svc.get(principal, params.id),
  createLinkage: async ({ principal, body }) => svc.create(principal, body),
  bulkLoad: async ({ principal, body }) => startBulkLoad(db, projects, principal, body),
  rollbackProject: async ({ principal, params, body }) => requestRollback(db, projects, principal, params.id, body.reason),
})
