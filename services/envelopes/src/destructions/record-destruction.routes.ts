import { envelopesRoutes } from '@ligature/contracts'
import type { Kysely } from 'kysely'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { EnvelopesDb } from '../db.js'
import type { ProjectsClient } from '../projects/projects-client.js'
import { listDestructions, requestDestruction } from './record-destruction.service.js'

export const recordDestructionHandlers = (db: Kysely<EnvelopesDb>, projects: ProjectsClient) => handlersOf(envelopesRoutes)({
  // 201 with the workflow; the route table derives its Location (`/workflows/{id}`).
  destroyRecordData: async ({ principal, params, body }) => requestDestruction(db, projects, principal, params.id, body),
  listRecordDestructions: async ({ principal, params, query, reply }) => {
    const { items, total } = await listDestructions(db, projects, principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  },
})
