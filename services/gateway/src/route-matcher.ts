import type { RouteDef } from '@ligature/contracts'

/** Values as they came on the wire (still percent-encoded); the gateway decodes and checks them. */
export interface RouteMatch { route: RouteDef; rawParams: Record<string, string> }

/** Matches `METHOD /path` against the route table; static segments win over parameters, as in Fastify. */
export function createRouteMatcher(routes: readonly RouteDef[]) {
  const compiled = routes.map((route) => {
    const names: string[] = []
    const pattern = route.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => { names.push(name); return '([^/]+)' })
    return { route, names, regex: new RegExp(`^${pattern}/?$`), staticScore: route.path.split('/').filter((s) => s && !s.startsWith(':')).length }
  }).sort((a, b) => b.staticScore - a.staticScore)

  return (method: string, path: string): RouteMatch | 'method-not-allowed' | null => {
    let pathMatched = false
    for (const c of compiled) {
      const m = c.regex.exec(path)
      if (!m) continue
      pathMatched = true
      if (c.route.method !== method) continue
      const rawParams: Record<string, string> = {}
      c.names.forEach((n, i) => { rawParams[n] = m[i + 1]! })
      return { route: c.route, rawParams }
    }
    return pathMatched ? 'method-not-allowed' : null
  }
}
