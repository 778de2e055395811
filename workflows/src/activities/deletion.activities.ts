import { ApplicationFailure } from '@temporalio/activity'
import { ServiceCallError } from '../clients/service-client.js'
import type { RegistryClient } from '../clients/registry-client.js'

export interface DeletionActivityDeps { registry: RegistryClient }

/** Registry side of event type and provider deletions (their records leave through withdrawal.activities). */
export function deletionActivities({ registry }: DeletionActivityDeps) {
  return {
    /** The ids of the provider's event types (empty when the provider is already gone). */
    async listDataProviderEventTypes(providerId: number): Promise<number[]> {
      return registry.providerEventTypeIds(providerId).catch((err) => {
        if (err instanceof ServiceCallError && err.status === 404) return []
        throw err
      })
    },
    async removeEventType(id: number): Promise<void> { await registry.removeEventType(id).catch(notMarkedIsFinal) },
    async removeDataProvider(id: number): Promise<void> { await registry.removeDataProvider(id).catch(notMarkedIsFinal) },
  }
}

/** The registry refuses to remove an item not marked for deletion (409): retrying cannot change that. */
function notMarkedIsFinal(err: unknown): never {
  if (err instanceof ServiceCallError && err.status === 409) throw ApplicationFailure.nonRetryable(err.message, 'NotMarkedForDeletion')
  throw err
}
