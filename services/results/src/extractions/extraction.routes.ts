import { resultsRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { ResultService } from '../results/result.service.js'
import type { ExtractionService } from './extraction.service.js'

export const extractionHandlers = (svc: ExtractionService, results: ResultService) => handlersOf(resultsRoutes)({
  listExtractions: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  listExtractionProjectExtractions: async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listOfExtractionProject(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  },
  createExtraction: async ({ principal, body }) => svc.request(principal, body),
  getExtraction: async ({ principal, params }) => svc.get(principal, params.id),
  listExtractionResults: async ({ principal, params, query, reply }) => {
    const extraction = await svc.get(principal, params.id)
    const { items, total } = await results.list(principal, pageOf(query), extraction.id)
    return sendPage(reply, items, total)
  },
})
