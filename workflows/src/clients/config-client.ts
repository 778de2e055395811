import type { DataProvider, EventType, ImportFormat, MatchConfig, Project } from '@ligature/contracts'
import { RegistryInternal, type ResolvedDataSource } from '@ligature/contracts/internal'
import { internalClient, ServiceCallError, type ServiceClient } from './service-client.js'

const orNull = async <T>(p: Promise<T>): Promise<T | null> => {
  try { return await p } catch (err) { if (err instanceof ServiceCallError && err.status === 404) return null; throw err }
}

/** Reads configuration from the registry and projects services, as the system principal. */
export function configClient(registry: ServiceClient, projects: ServiceClient) {
  return {
    projectByCode: (code: string) => orNull(projects<Project>('GET', `/projects/${encodeURIComponent(code)}?byCode=true`)),
    projectById: (id: number) => orNull(projects<Project>('GET', `/projects/${id}`)),
    matchConfig: (projectId: number) => projects<MatchConfig>('GET', `/projects/${projectId}/matchconfig`),
    async dataProviderByCode(code: string): Promise<DataProvider | null> {
      for (let offset = 0; ; offset += 1000) {
        const page = await registry<DataProvider[]>('GET', `/dataproviders?limit=1000&offset=${offset}`)
        const hit = page.find((p) => p.code === code)
        if (hit || page.length < 1000) return hit ?? null
      }
    },
    eventType: (id: number) => orNull(registry<EventType>('GET', `/eventtypes/${id}`)),
    dataProvider: (id: number) => orNull(registry<DataProvider>('GET', `/dataproviders/${id}`)),
    importFormat: (id: number) => orNull(registry<ImportFormat>('GET', `/importformats/${id}`)),
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
