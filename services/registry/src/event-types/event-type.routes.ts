import type { Handler } from '@ligature/service-kit'
import { pageOf, sendPage } from '@ligature/service-kit'
import type { EventTypeService } from './event-type.service.js'

/** Handlers of the event-type calls; schemas, codes and roles come from the route table. */
export const eventTypeHandlers = (svc: EventTypeService) => ({
  listEventTypes: (async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  listDataProviderEventTypes: (async ({ principal, params, query, reply }) => {
    const { items, total } = await svc.listForProvider(principal, params.id, pageOf(query))
    return sendPage(reply, items, total)
  }) satisfies Handler,
  createEventType: (async ({ body }) => svc.create(body)) satisfies Handler,
  getEventType: (async ({ principal, params }) => svc.get(principal, params.id)) satisfies Handler,
  updateEventType: (async ({ principal, params, body }) => svc.update(principal, params.id, body)) satisfies Handler,
  deleteEventType: (async ({ principal, params }) => svc.markForDeletion(principal, params.id)) satisfies Handler,
})
