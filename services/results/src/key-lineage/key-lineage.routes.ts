import { resultsRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { KeyLineageService } from './key-lineage.service.js'

export const keyLineageHandlers = (svc: KeyLineageService) => handlersOf(resultsRoutes)({
  listKeyLineage: async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.list(principal, params.id, pageOf(query), { key: query.key, fromRevision: query.fromRevision, includeUndone: query.includeUndone })
    return sendPage(reply, items, total)
  },
})
