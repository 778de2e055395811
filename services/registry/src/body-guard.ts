import type { FastifyInstance } from 'fastify'
import type { RouteDef } from '@ligature/contracts'
import { apiError, type FieldProblem } from '@ligature/service-kit'

const INT4_MAX = 2147483647

/** Values the schemas allow but Postgres cannot store: NUL characters in text, integers beyond int4. */
export function unstorableValues(value: unknown, path = ''): FieldProblem[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [{ path: path || '/', message: 'must not contain NUL characters' }] : []
  if (typeof value === 'number') return Math.abs(value) > INT4_MAX ? [{ path: path || '/', message: `must be between -${INT4_MAX} and ${INT4_MAX}` }] : []
  if (Array.isArray(value)) return value.flatMap((v, i) => unstorableValues(v, `${path}/${i}`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => unstorableValues(v, `${path}/${k}`))
  return []
}

/** Refuses such bodies after schema validation, with the call's own 400 message, before any query runs. */
export function installBodyGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    if (req.body === undefined || req.body === null) return
    const problems = unstorableValues(req.body)
    if (problems.length === 0) return
    const route = (req.routeOptions.config as { route?: RouteDef } | undefined)?.route
    throw apiError(route?.badRequest ?? 'invalidRequest', problems)
  })
}

/** The stored revision a `version` names; tokens no row can have become -1 (always stale). */
export const revisionOf = (decoded: number | null): number | null => (decoded !== null && decoded > INT4_MAX ? -1 : decoded)
