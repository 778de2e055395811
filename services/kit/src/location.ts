import type { RouteDef } from '@ligature/contracts'

/** A path value is an id or a code; anything else names no resource. */
const segment = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

/**
 * How a creating call (201) names what it created: the GET route one parameter below its own path
 * (`POST /projects/:id/matchconfig/strategies` → `GET …/strategies/:strategyId`). The new value comes from
 * the created body's field of the same name, else its `id`; the other parameters from the request.
 * Failing that, the top-level GET route answering the same model (`POST /linkages/bulkload` answers a
 * workflow: `GET /workflows/:id`). Null when the table has neither.
 */
export function locationFor(route: RouteDef, routes: readonly RouteDef[]) {
  if (route.successStatus !== 201) return null
  const target = routes.find((r) => r.method === 'GET' && r.path.startsWith(`${route.path}/:`) && !r.path.slice(route.path.length + 2).includes('/'))
    ?? routes.find((r) => r.method === 'GET' && route.response !== undefined && r.response === route.response && /^\/[a-z]+\/:[A-Za-z]+$/.test(r.path))
  if (!target) return null
  const param = target.path.slice(target.path.lastIndexOf(':') + 1)
  return (requestParams: Record<string, unknown>, created: unknown): string | null => {
    const body = (created ?? {}) as Record<string, unknown>
    const value = body[param] ?? body.id
    if (value === undefined || value === null) return null
    return target.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
      encodeURIComponent(segment(name === param ? value : requestParams[name])))
  }
}
