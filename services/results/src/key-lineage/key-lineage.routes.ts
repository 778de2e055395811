import { pageOf, sendPage, type Handler } from '@ligature/service-kit'
import type { KeyLineageService } from './key-lineage.service.js'

export const keyLineageHandlers = (svc: KeyLineageService) => ({
  listKeyLineage: (async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.list(principal, params.id, pageOf(query), { key: query.key, fromRevision: query.fromRevision, includeUndone: query.includeUndone })
    return sendPage(reply, items, total)
  }) satisfies Handler,
})
