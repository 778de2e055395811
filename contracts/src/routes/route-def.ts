import type { TSchema } from '@sinclair/typebox'
import type { ErrorKey, ResourceName } from '../errors.js'
import type { Role } from '../enums.js'

export type ServiceName = 'registry' | 'projects' | 'envelopes' | 'results'
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** One call of spec section 7. Services register from it, the gateway routes by it, OpenAPI is made from it. */
export interface RouteDef {
  /** Stable operation id, also the key of the handler a service supplies. */
  id: string
  method: HttpMethod
  /** Fastify path under /api/v{version}, e.g. `/dataproviders/:id`. */
  path: string
  service: ServiceName
  summary: string
  tag: string
  /** Least role that may call it; reads are further filtered by the token's project scope. */
  role: Role
  params?: TSchema
  querystring?: TSchema
  body?: TSchema
  /** Multipart upload: the body is a file stream, validated by the handler. */
  multipart?: boolean
  successStatus: 200 | 201 | 202 | 204
  /** Response schema of the success status (omitted for empty and binary answers). */
  response?: TSchema
  /** Binary answers (downloads): content type. */
  produces?: string
  /** Catalogue error used when the body fails validation. */
  badRequest?: ErrorKey
  /** Resource named in 404 answers. */
  resource?: ResourceName
  /** Other catalogue errors this call can answer, for the OpenAPI document and the tests. */
  errors?: ErrorKey[]
  /** A Ligature addition beyond spec section 7's list (each is named in DECISIONS.md and the portal). */
  beyondSpec?: true
}

export const defineRoutes = <const T extends readonly RouteDef[]>(routes: T) => routes

/**
 * One route of a table by its operation id, with its own schemas' types: what a service or the worker hands
 * the typed client to read another service's public route (the path and schemas the service registers).
 */
export function routeOf<const R extends readonly RouteDef[], K extends R[number]['id']>(table: R, id: K): Extract<R[number], { id: K }> {
  const route = table.find((r) => r.id === id)
  if (!route) throw new Error(`no route ${id} in the table`)
  return route as Extract<R[number], { id: K }>
}

/** Largest request body of any call but the envelope upload (whose limit is the envelopes service's setting). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

/** Deepest nesting of arrays and objects a JSON body may have (the deepest model nests 4). */
export const JSON_DEPTH_LIMIT = 32

/** The body limit the gateway and the service apply to a call; `undefined` for uploads (streamed). */
export const bodyLimitOf = (route: RouteDef): number | undefined => (route.multipart ? undefined : JSON_BODY_LIMIT_BYTES)
