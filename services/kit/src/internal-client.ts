import type { Static, TSchema } from '@sinclair/typebox'
import type { InternalRoute } from '@ligature/contracts/internal'
import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from './principal.js'

export class ServiceCallError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
    this.name = 'ServiceCallError'
  }
}

/**
 * Calls another service directly (not through the gateway) as the system principal `caller`, signed with the
 * internal secret. A failure status throws a ServiceCallError carrying it.
 */
export function createServiceClient(baseUrl: string, internalSecret: string, caller: string) {
  const principal = signPrincipal(systemPrincipal(caller), internalSecret)
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const send = () => fetch(baseUrl + path, {
      method,
      headers: { [PRINCIPAL_HEADER]: principal, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    // A kept-alive socket the server has closed fails at once; reads are safe to send again on a new one.
    const res = await send().catch((err: unknown) => { if (method === 'GET') return send(); throw err })
    const text = await res.text()
    if (!res.ok) throw new ServiceCallError(res.status, `${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
}
export type ServiceClient = ReturnType<typeof createServiceClient>

type Slot<D, K extends keyof InternalRoute> = D extends { [P in K]: infer S extends TSchema } ? Static<S> : never
/** What a call of `D` sends: exactly the parts its definition declares. */
export type InternalInput<D extends InternalRoute> =
  & (D extends { params: TSchema } ? { params: Slot<D, 'params'> } : { params?: never })
  & (D extends { querystring: TSchema } ? { query: Slot<D, 'querystring'> } : { query?: never })
  & (D extends { body: TSchema } ? { body: Slot<D, 'body'> } : { body?: never })
/** What a call of `D` answers: its response schema's value, nothing for empty answers. */
export type InternalAnswer<D extends InternalRoute> = D extends { response: infer S extends TSchema } ? Static<S> : void

/** `/internal/jobs/:id` with `{ id: 7 }` → `/internal/jobs/7`; the query's defined values follow. */
type PathValue = string | number | boolean
export function internalPath(path: string, params: Record<string, PathValue> = {}, query: Record<string, PathValue | undefined> = {}): string {
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name])))
  const qs = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v))
  const search = qs.toString()
  return search ? `${filled}?${search}` : filled
}

/**
 * The one typed client of the services' internal APIs (contracts/src/internal): the route's definition fixes
 * the path, method, what is sent and what comes back, so caller and service read the same schemas.
 */
export const internalClient = (call: ServiceClient) =>
  <D extends InternalRoute>(route: D, ...[input]: Partial<InternalInput<D>> extends InternalInput<D> ? [InternalInput<D>?] : [InternalInput<D>]): Promise<InternalAnswer<D>> => {
    // Path and query values are the scalars their schemas allow.
    const given = (input ?? {}) as { params?: Record<string, PathValue>; query?: Record<string, PathValue | undefined>; body?: unknown }
    return call<InternalAnswer<D>>(route.method, internalPath(route.path, given.params, given.query), given.body)
  }
export type InternalClient = ReturnType<typeof internalClient>
