import { projectsRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { ExtractionProjectService } from './extraction-project.service.js'

export const extractionProjectHandlers = (svc: ExtractionProjectService) => handlersOf(projectsRoutes)({
  listExtractionProjects: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  listProjectExtractionProjects: async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listOfProject(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  },
  createExtractionProject: async ({ principal, body }) => svc.create(principal, body),
  getExtractionProject: async ({ principal, params }) => svc.get(principal, params.id),
})
