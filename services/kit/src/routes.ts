import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { bodyLimitOf, type RouteDef } from '@ligature/contracts'
import { hasRole, type Principal } from './principal.js'
import { unauthorized } from './errors.js'
import { isNotImplemented } from './pending.js'
import { locationFor } from './location.js'

export interface RouteContext {
  principal: Principal
  /* eslint-disable @typescript-eslint/no-explicit-any -- Fastify validated these against the route's TypeBox schemas; typing them per operation id from the route table is issue 17's pending "typed end to end" work */
  params: any
  query: any
  body: any
  /* eslint-enable @typescript-eslint/no-explicit-any */
  request: FastifyRequest
  reply: FastifyReply
}

/** What a handler returns: the success body (or nothing), or a reply it already sent (downloads). */
export type Handler = (ctx: RouteContext) => Promise<unknown>
/** Nested `$id`s would make Ajv see one schema twice (a model used in two places); plain copies avoid that. */
const plain = <T>(schema: T): T => JSON.parse(JSON.stringify(schema, (k, v) => (k === '$id' ? undefined : v)))

export type HandlerMap<R extends readonly RouteDef[]> = { [K in R[number]['id']]: Handler }

/**
 * Registers a service's calls from the contracts' route table: schema, success status and role check come
 * from the table, so a call cannot exist in one place and not the other.
 */
export function registerRoutes<R extends readonly RouteDef[]>(app: FastifyInstance, routes: R, handlers: HandlerMap<R>): void {
  for (const route of routes) {
    const handler = (handlers as Record<string, Handler>)[route.id]
    if (!handler) throw new Error(`no handler for ${route.id}`)
    if (isNotImplemented(handler)) app.pendingRoutes.add(route.id)
    const response = route.response ? { [route.successStatus]: plain(route.response) } : undefined
    const bodyLimit = bodyLimitOf(route)
    const location = locationFor(route, routes)
    app.route({
      method: route.method,
      url: route.path,
      config: { route },
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      schema: {
        operationId: route.id, tags: [route.tag], summary: route.summary,
        ...(route.params ? { params: plain(route.params) } : {}),
        ...(route.querystring ? { querystring: plain(route.querystring) } : {}),
        ...(route.body ? { body: plain(route.body) } : {}),
        ...(response ? { response } : {}),
      },
      handler: async (request, reply) => {
        const principal = request.principal
        if (!principal || !hasRole(principal, route.role)) throw unauthorized()
        const result = await handler({ principal, params: request.params, query: request.query, body: request.body, request, reply })
        if (reply.sent) return reply
        reply.status(route.successStatus)
        // Relative to the API base; the gateway puts its `/api/v{version}` in front.
        const where = location?.(request.params as Record<string, unknown>, result)
        if (where) reply.header('location', where)
        return result === undefined || route.successStatus === 204 ? reply.send() : reply.send(result)
      },
    })
  }
}
