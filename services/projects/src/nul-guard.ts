import type { FastifyInstance } from 'fastify'
import { Errors, type RouteDef } from '@ligature/contracts'
import { ApiError } from '@ligature/service-kit'

/** True when any string (or key) in a parsed JSON body contains U+0000. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(containsNul)
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v))
  return false
}

/**
 * Postgres text and jsonb cannot hold U+0000, and JSON may carry it as `\u0000`: such bodies are refused
 * before validation with the call's own 400 message, instead of failing in the database as a 500.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.body === undefined || !containsNul(req.body)) return
    const route = (req.routeOptions.config as { route?: RouteDef } | undefined)?.route
    const key = route?.badRequest ?? 'invalidRequest'
    throw new ApiError(400, Errors[key].message, [{ path: '/', message: 'text must not contain the character U+0000' }])
  })
}
