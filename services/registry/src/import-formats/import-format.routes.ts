import { registryRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { ImportFormatService } from './import-format.service.js'

/** Handlers of the import-format calls; schemas, codes and roles come from the route table. */
export const importFormatHandlers = (svc: ImportFormatService) => handlersOf(registryRoutes)({
  listImportFormats: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  createImportFormat: async ({ body }) => svc.create(body),
  getImportFormat: async ({ principal, params }) => svc.get(principal, params.id),
  updateImportFormat: async ({ principal, params, body }) => svc.update(principal, params.id, body),
  deleteImportFormat: async ({ principal, params }) => svc.delete(principal, params.id),
})
