import type { Handler } from '@ligature/service-kit'
import { pageOf, sendPage } from '@ligature/service-kit'
import type { ImportFormatService } from './import-format.service.js'

/** Handlers of the import-format calls; schemas, codes and roles come from the route table. */
export const importFormatHandlers = (svc: ImportFormatService) => ({
  listImportFormats: (async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  createImportFormat: (async ({ body }) => svc.create(body)) satisfies Handler,
  getImportFormat: (async ({ principal, params }) => svc.get(principal, params.id)) satisfies Handler,
  updateImportFormat: (async ({ principal, params, body }) => svc.update(principal, params.id, body)) satisfies Handler,
  deleteImportFormat: (async ({ principal, params }) => svc.delete(principal, params.id)) satisfies Handler,
})
