import { envelopesRoutes } from './envelopes.js'
import { projectsRoutes } from './projects.js'
import { registryRoutes } from './registry.js'
import { resultsRoutes } from './results.js'
import type { RouteDef, ServiceName } from './route-def.js'

export * from './route-def.js'
export { envelopesRoutes, projectsRoutes, registryRoutes, resultsRoutes }

/** Every call of spec section 7, in one table. */
export const routeTable: readonly RouteDef[] = [...registryRoutes, ...projectsRoutes, ...envelopesRoutes, ...resultsRoutes]

export const routesOf = (service: ServiceName) => routeTable.filter((r) => r.service === service)

/** `/projects/:id/envelopes` → `/projects/{id}/envelopes` */
export const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}')
