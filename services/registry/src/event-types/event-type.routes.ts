import { registryRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { EventTypeService } from './event-type.service.js'

/** Handlers of the event-type calls; schemas, codes and roles come from the route table. */
export const eventTypeHandlers = (svc: EventTypeService) => handlersOf(registryRoutes)({
  listEventTypes: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  },
  listDataProviderEventTypes: async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listForProvider(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  },
  createEventType: async ({ body }) => svc.create(body),
  getEventType: async ({ principal, params }) => svc.get(principal, params.id),
  updateEventType: async ({ principal, params, body }) => svc.update(principal, params.id, body),
  deleteEventType: async ({ principal, params }) => svc.markForDeletion(principal, params.id),
})
