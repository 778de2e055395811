import type { Handler } from '@ligature/service-kit'
import { pageOf, sendPage } from '@ligature/service-kit'
import type { ProjectService } from './project.service.js'

/** Handlers of the project calls; schemas, codes and roles come from the route table. */
export const projectHandlers = (svc: ProjectService) => ({
  listProjects: (async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  createProject: (async ({ body }) => svc.create(body)) satisfies Handler,
  getProject: (async ({ principal, params, query }) => svc.get(principal, params.id, query?.byCode === true)) satisfies Handler,
  updateProject: (async ({ principal, params, body }) => svc.update(principal, params.id, body)) satisfies Handler,
  deleteProject: (async ({ principal, params }) => svc.remove(principal, params.id)) satisfies Handler,
})
