import { envelopesRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { EnvelopeService } from '../envelopes/envelope.service.js'
import type { ProjectsClient } from './projects-client.js'
import { readableProjectCode } from './project-refs.js'

export const projectEnvelopeHandlers = (envelopes: EnvelopeService, projects: ProjectsClient) => handlersOf(envelopesRoutes)({
  listProjectEnvelopes: async ({ principal, params, query, reply }) => {
    const code = await readableProjectCode(projects, principal, params.id)
    const { items, total } = await envelopes.list(principal, pageOf(query), code)
    return sendPage(reply, items, total)
  },
})
