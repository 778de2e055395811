import type { Static, TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { bodyLimitOf, type RouteDef } from '@ligature/contracts'
import { hasRole, type Principal } from './principal.js'
import { unauthorized } from './errors.js'
import { isNotImplemented } from './pending.js'
import { locationFor } from './location.js'

/**
 * The validated value of one schema slot of a route: `undefined` where the route declares none, `unknown` for
 * the table's general `RouteDef` (what registration sees).
 */
type Part<D, K extends 'params' | 'querystring' | 'body'> = D extends { [P in K]: infer S extends TSchema } ? Static<S>
  : K extends keyof D ? unknown : undefined

/** What a handler is given: the principal and the request's parts, typed from the route's TypeBox schemas. */
export interface RouteContext<D extends RouteDef = RouteDef> {
  principal: Principal
  params: Part<D, 'params'>
  query: Part<D, 'querystring'>
  /** Multipart uploads: the body is the request stream, read by the handler from `request`. */
  body: Part<D, 'body'>
  request: FastifyRequest
  reply: FastifyReply
}

/**
 * What a handler answers: the success body of the route's response schema; nothing for empty answers; a reply it
 * already sent (downloads, which declare no schema but a content type).
 */
export type ReplyOf<D extends RouteDef> = D extends { response: infer S extends TSchema } ? Static<S>
  : D extends { produces: string } ? FastifyReply
  : D extends { successStatus: 204 } ? unknown // an empty answer: whatever the handler returns is not sent
  : 'response' extends keyof D ? unknown : void

/** A handler of the route `D` (the untyped default is what registration stores). */
export type Handler<D extends RouteDef = RouteDef> = (ctx: RouteContext<D>) => Promise<ReplyOf<D>>

/** Nested `$id`s would make Ajv see one schema twice (a model used in two places); plain copies avoid that. */
const plain = <T>(schema: T): T => JSON.parse(JSON.stringify(schema, (k, v: unknown) => (k === '$id' ? undefined : v))) as T

/** The route of a table with the id `K`. */
export type RouteOf<R extends readonly RouteDef[], K extends string> = Extract<R[number], { id: K }>
/** One handler per route of the table, each typed from its own route. */
export type HandlerMap<R extends readonly RouteDef[]> = { [K in R[number]['id']]: Handler<RouteOf<R, K>> }

/**
 * Types a group of a service's handlers (one module's share of the table) from the route table, so each handler's
 * `params`, `query`, `body` and answer are those of its own route: `const h = handlersOf(registryRoutes)({ ... })`.
 */
export const handlersOf = <R extends readonly RouteDef[]>(_routes: R) =>
  <K extends R[number]['id']>(handlers: { [P in K]: Handler<RouteOf<R, P>> }): { [P in K]: Handler<RouteOf<R, P>> } => handlers

/**
 * Registers a service's calls from the contracts' route table: schema, success status and role check come
 * from the table, so a call cannot exist in one place and not the other.
 */
export function registerRoutes<R extends readonly RouteDef[]>(app: FastifyInstance, routes: R, handlers: HandlerMap<R>): void {
  for (const route of routes) {
    // Each handler is typed from its own route; here one loop serves them all, and Fastify validates each part
    // against the very schemas those types are made from before the handler runs.
    const handler = (handlers as unknown as Record<string, Handler | undefined>)[route.id]
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
        // Fastify validated each part against the schema the context's type is made from.
        const result: unknown = await handler({ principal, params: request.params, query: request.query, body: request.body, request, reply })
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
