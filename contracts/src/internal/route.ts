import type { TSchema } from '@sinclair/typebox'
import type { HttpMethod } from '../routes/route-def.js'

/**
 * One call of a service's internal API (never routed by the gateway; system principal only). The service
 * registers it with these schemas and the callers (the worker, other services) send through one typed client
 * built from the same definition, so the two cannot drift apart.
 */
export interface InternalRoute {
  method: HttpMethod
  /** Fastify path, e.g. `/internal/jobs/:id`. */
  path: string
  params?: TSchema
  querystring?: TSchema
  body?: TSchema
  /** The success answer's schema (omitted for empty answers). */
  response?: TSchema
}

export const defineInternalRoutes = <const T extends Record<string, InternalRoute>>(routes: T) => routes

/**
 * A copy without nested `$id`s: a public model reused in an internal schema would otherwise reach Ajv twice
 * under one id (the public routes register it too).
 */
export const withoutIds = <T>(schema: T): T => JSON.parse(JSON.stringify(schema, (k, v: unknown) => (k === '$id' ? undefined : v))) as T
