import { pageOf, sendPage, type Handler } from '@ligature/service-kit'
import type { ExtractionProjectService } from './extraction-project.service.js'

export const extractionProjectHandlers = (svc: ExtractionProjectService) => ({
  listExtractionProjects: (async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  listProjectExtractionProjects: (async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listOfProject(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  createExtractionProject: (async ({ principal, body }) => svc.create(principal, body)) satisfies Handler,
  getExtractionProject: (async ({ principal, params }) => svc.get(principal, params.id)) satisfies Handler,
})
