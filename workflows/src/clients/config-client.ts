import { projectsRoutes, registryRoutes, routeOf, type DataProvider } from '@ligature/contracts'
import { RegistryInternal, type ResolvedDataSource } from '@ligature/contracts/internal'
import { internalClient, ServiceCallError, type ServiceClient } from './service-client.js'

const orNull = async <T>(p: Promise<T>): Promise<T | null> => {
  try { return await p } catch (err) { if (err instanceof ServiceCallError && err.status === 404) return null; throw err }
}

// The public routes the worker reads, typed from the route table (the paths and schemas the services register).
const getProject = routeOf(projectsRoutes, 'getProject')
const getMatchConfig = routeOf(projectsRoutes, 'getMatchConfig')
const listDataProviders = routeOf(registryRoutes, 'listDataProviders')
const getEventType = routeOf(registryRoutes, 'getEventType')
const getDataProvider = routeOf(registryRoutes, 'getDataProvider')
const getImportFormat = routeOf(registryRoutes, 'getImportFormat')

/** Reads configuration from the registry and projects services, as the system principal. */
export function configClient(registry: ServiceClient, projects: ServiceClient) {
  const fromRegistry = internalClient(registry)
  const fromProjects = internalClient(projects)
  return {
    projectByCode: (code: string) => orNull(fromProjects(getProject, { params: { id: code }, query: { byCode: true } })),
    projectById: (id: number) => orNull(fromProjects(getProject, { params: { id: String(id) }, query: {} })),
    matchConfig: (projectId: number) => fromProjects(getMatchConfig, { params: { id: String(projectId) } }),
    async dataProviderByCode(code: string): Promise<DataProvider | null> {
      for (let offset = 0; ; offset += 1000) {
        const page = await fromRegistry(listDataProviders, { query: { limit: 1000, offset } })
        const hit = page.find((p) => p.code === code)
        if (hit || page.length < 1000) return hit ?? null
      }
    },
    eventType: (id: number) => orNull(fromRegistry(getEventType, { params: { id } })),
    dataProvider: (id: number) => orNull(fromRegistry(getDataProvider, { params: { id } })),
    importFormat: (id: number) => orNull(fromRegistry(getImportFormat, { params: { id } })),
  }
}
export type ConfigClient = ReturnType<typeof configClient>

export type { ResolvedDataSource }

/** A data source with its settings in clear, for the linkage that reads it. */
export const dataSourceClient = (registry: ServiceClient) => {
  const internal = internalClient(registry)
  return (eventTypeCode: string, dataSourceCode: string) =>
    orNull(internal(RegistryInternal.dataSource, { params: { code: eventTypeCode, dataSourceCode } }))
}
