import { projectsRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { ProjectService } from './project.service.js'

/** Handlers of the project calls; schemas, codes and roles come from the route table. */
export const projectHandlers = (svc: ProjectService) => handlersOf(projectsRoutes)({
  listProjects: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  createProject: async ({ body }) => svc.create(body),
  getProject: async ({ principal, params, query }) => svc.get(principal, params.id, query?.byCode === true),
  updateProject: async ({ principal, params, body }) => svc.update(principal, params.id, body),
  deleteProject: async ({ principal, params }) => svc.remove(principal, params.id),
})
