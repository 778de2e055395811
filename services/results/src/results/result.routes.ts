import { resultsRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { ResultService } from './result.service.js'

export const resultHandlers = (svc: ResultService) => handlersOf(resultsRoutes)({
  listResults: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  getResult: async ({ principal, params }) => svc.get(principal, params.id),
  deleteResult: async ({ principal, params }) => svc.remove(principal, params.id),
  downloadResult: async ({ principal, params, reply }) => {
    const { row, stream } = await svc.open(principal, params.id)
    return reply.status(200)
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(row.size_bytes))
      .header('content-disposition', `attachment; filename="${row.name}"`)
      .send(stream)
  },
})
