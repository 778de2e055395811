import type { Static, TSchema } from '@sinclair/typebox'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
import type { InternalRoute } from '@ligature/contracts/internal'
import type { InternalAnswer } from './internal-client.js'
import { unauthorized } from './errors.js'
import { isSystem } from './principal.js'

type Slot<D, K extends keyof InternalRoute> = D extends { [P in K]: infer S extends TSchema } ? Static<S> : unknown
/** The request of an internal call, its parts typed from the route's schemas. */
export type InternalRequest<D extends InternalRoute> = FastifyRequest<{ Params: Slot<D, 'params'>; Querystring: Slot<D, 'querystring'>; Body: Slot<D, 'body'> }>

/** Nested `$id`s would make Ajv see one schema twice (a model used in two places); plain copies avoid that. */
const plain = <T>(schema: T): T => JSON.parse(JSON.stringify(schema, (k, v: unknown) => (k === '$id' ? undefined : v))) as T

/**
 * Only the system principal (signed with the internal secret) may make an internal call. Checked on request,
 * before the body is read or validated, so another caller learns nothing of what the call would accept.
 */
const refuseUnlessSystem = async (req: FastifyRequest) => {
  if (!isSystem(req.principal)) throw unauthorized()
}

/**
 * Registers one internal call (hidden from OpenAPI) with the schemas of its contract, so Fastify validates what
 * the typed client sends against the same definition the handler's types come from. Every internal call is
 * refused to all but the system principal, here and nowhere else. The handler answers the response's value, or
 * a reply it sent itself (a 201, say).
 */
export function routeInternal<D extends InternalRoute>(
  app: FastifyInstance, route: D,
  handler: (req: InternalRequest<D>, reply: FastifyReply) => Promise<InternalAnswer<D> | FastifyReply>,
  opts: { bodyLimit?: number } = {},
): void {
  app.route({
    method: route.method, url: route.path,
    // A route's own hook runs after the service's, so the principal has been verified by then.
    onRequest: refuseUnlessSystem,
    ...(opts.bodyLimit === undefined ? {} : { bodyLimit: opts.bodyLimit }),
    schema: {
      hide: true,
      ...(route.params ? { params: plain(route.params) } : {}),
      ...(route.querystring ? { querystring: plain(route.querystring) } : {}),
      ...(route.body ? { body: plain(route.body) } : {}),
    },
    // Fastify has validated each part against the schema the request's type is made from.
    handler: handler as unknown as RouteHandlerMethod,
  })
}
