import { registryRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { DataProviderService } from './data-provider.service.js'

/** Handlers of the data-provider calls; schemas, codes and roles come from the route table. */
export const dataProviderHandlers = (svc: DataProviderService) => handlersOf(registryRoutes)({
  listDataProviders: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  createDataProvider: async ({ body }) => svc.create(body),
  getDataProvider: async ({ principal, params }) => svc.get(principal, params.id),
  updateDataProvider: async ({ principal, params, body }) => svc.update(principal, params.id, body),
  deleteDataProvider: async ({ principal, params }) => svc.markForDeletion(principal, params.id),
})
