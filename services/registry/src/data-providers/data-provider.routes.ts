import type { Handler } from '@ligature/service-kit'
import { pageOf, sendPage } from '@ligature/service-kit'
import type { DataProviderService } from './data-provider.service.js'

/** Handlers of the data-provider calls; schemas, codes and roles come from the route table. */
export const dataProviderHandlers = (svc: DataProviderService) => ({
  listDataProviders: (async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  createDataProvider: (async ({ body }) => svc.create(body)) satisfies Handler,
  getDataProvider: (async ({ principal, params }) => svc.get(principal, params.id)) satisfies Handler,
  updateDataProvider: (async ({ principal, params, body }) => svc.update(principal, params.id, body)) satisfies Handler,
  deleteDataProvider: (async ({ principal, params }) => svc.markForDeletion(principal, params.id)) satisfies Handler,
})
