import { RegistryInternal } from '@ligature/contracts/internal'
import { internalClient, ServiceCallError, type ServiceClient } from './service-client.js'

/** 404 from a removal means an earlier attempt already removed it: removal is idempotent. */
const goneIsDone = (err: unknown) => { if (err instanceof ServiceCallError && err.status === 404) return; throw err }

/** The registry's internal calls the deletion workflows make. */
export const registryClient = (call: ServiceClient) => {
  const internal = internalClient(call)
  return {
    providerEventTypeIds: async (providerId: number) =>
      (await internal(RegistryInternal.providerEventTypes, { params: { id: providerId } })).eventTypeIds,
    removeEventType: (id: number) => internal(RegistryInternal.removeEventType, { params: { id } }).catch(goneIsDone),
    removeDataProvider: (id: number) => internal(RegistryInternal.removeDataProvider, { params: { id } }).catch(goneIsDone),
  }
}
export type RegistryClient = ReturnType<typeof registryClient>
