import { ServiceCallError, type ServiceClient } from './service-client.js'

/** 404 from a removal means an earlier attempt already removed it: removal is idempotent. */
const goneIsDone = (err: unknown) => { if (err instanceof ServiceCallError && err.status === 404) return; throw err }

/** The registry's internal calls the deletion workflows make. */
export const registryClient = (call: ServiceClient) => ({
  providerEventTypeIds: async (providerId: number) =>
    (await call<{ eventTypeIds: number[] }>('GET', `/internal/dataproviders/${providerId}/eventtypes`)).eventTypeIds,
  removeEventType: (id: number) => call<void>('DELETE', `/internal/eventtypes/${id}`).catch(goneIsDone),
  removeDataProvider: (id: number) => call<void>('DELETE', `/internal/dataproviders/${id}`).catch(goneIsDone),
})
export type RegistryClient = ReturnType<typeof registryClient>
