import type { DataProvider, EventType, ImportFormat } from '@ligature/contracts'
import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from '@ligature/service-kit'

/**
 * Reads the registry directly (not through the gateway) as the system principal, signed with the internal
 * secret like every gateway call. A 404 reads as null; any other failure throws and answers 500.
 */
export function createRegistryClient(baseUrl: string, internalSecret: string) {
  const principal = signPrincipal(systemPrincipal('projects'), internalSecret)
  async function get<T>(path: string): Promise<T | null> {
    const res = await fetch(baseUrl + path, { headers: { [PRINCIPAL_HEADER]: principal } })
    if (res.status === 404) return null
    if (!res.ok) throw new Error(`registry GET ${path} answered ${res.status}`)
    return (await res.json()) as T
  }
  return {
    eventType: (id: number) => get<EventType>(`/eventtypes/${id}`),
    dataProvider: (id: number) => get<DataProvider>(`/dataproviders/${id}`),
    importFormat: (id: number) => get<ImportFormat>(`/importformats/${id}`),
  }
}
export type RegistryClient = ReturnType<typeof createRegistryClient>
