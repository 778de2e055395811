import { ApiError } from './errors.js'
import type { Handler } from './routes.js'

const stubs = new WeakSet<(...args: never[]) => Promise<unknown>>()

/** True for the not-implemented stub, so registration can tell which calls are still pending. */
export const isNotImplemented = (handler: Handler) => stubs.has(handler)

/**
 * Handlers for calls whose work lands in a later issue: they answer 501 with a plain message, so the route
 * table, the gateway and the OpenAPI document stay whole while nothing pretends to work.
 */
export function notImplementedHandlers<const K extends string>(ids: readonly K[]): Record<K, () => Promise<never>> {
  const handler = async (): Promise<never> => { throw new ApiError(501, 'This call is not available yet.') }
  stubs.add(handler)
  return Object.fromEntries(ids.map((id) => [id, handler])) as Record<K, () => Promise<never>>
}
