import { setCurrentDetails } from '@temporalio/workflow'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import { withdrawEventTypes } from './withdrawal-steps.js'

export interface DeletionInput { id: number; code: string }

// No attempt limit: a deletion that was accepted must finish; the registry or database may be down for a while.
const acts = withLocalBookkeeping({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', nonRetryableErrorTypes: ['NotMarkedForDeletion'] },
})

/**
 * Deletion of one event type, id `delete-eventtype:<id>`: withdraw its records from every project (one job and
 * revision per project, regrouped like a deletion envelope), then remove it (with its data sources) from the registry. Until then it stays readable, marked for deletion.
 */
export async function deleteEventTypeWorkflow(input: DeletionInput): Promise<{ endDated: number }> {
  setCurrentDetails(`Event type ${input.code} (${input.id}): end-dating its records`)
  const endDated = await withdrawEventTypes([input.id], `event type ${input.code} deleted`)
  setCurrentDetails(`Event type ${input.code} (${input.id}): ${endDated} record(s) end-dated; removing it`)
  await acts.removeEventType(input.id)
  setCurrentDetails(`Event type ${input.code} (${input.id}): deleted, ${endDated} record(s) end-dated`)
  return { endDated }
}

/**
 * Deletion of one data provider, id `delete-dataprovider:<id>`: end-date the records of each of its event
 * types, then remove the provider and its event types from the registry.
 */
export async function deleteDataProviderWorkflow(input: DeletionInput): Promise<{ eventTypes: number; endDated: number }> {
  const eventTypeIds = await acts.listDataProviderEventTypes(input.id)
  setCurrentDetails(`Data provider ${input.code} (${input.id}): end-dating the records of its ${eventTypeIds.length} event type(s)`)
  const endDated = eventTypeIds.length === 0 ? 0 : await withdrawEventTypes(eventTypeIds, `data provider ${input.code} deleted`)
  setCurrentDetails(`Data provider ${input.code} (${input.id}): ${endDated} record(s) end-dated; removing it`)
  await acts.removeDataProvider(input.id)
  setCurrentDetails(`Data provider ${input.code} (${input.id}): deleted with ${eventTypeIds.length} event type(s), ${endDated} record(s) end-dated`)
  return { eventTypes: eventTypeIds.length, endDated }
}
