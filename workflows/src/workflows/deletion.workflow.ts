import { proxyActivities, setCurrentDetails } from '@temporalio/workflow'
import type { createActivities } from '../activities/index.js'

export interface DeletionInput { id: number; code: string }

// No attempt limit: a deletion that was accepted must finish; the registry or database may be down for a while.
const acts = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', nonRetryableErrorTypes: ['NotMarkedForDeletion'] },
})

/**
 * Deletion of one event type, id `delete-eventtype:<id>`: end-date all its records in every project, then
 * remove it (with its data sources) from the registry. Until then it stays readable, marked for deletion.
 */
export async function deleteEventTypeWorkflow(input: DeletionInput): Promise<{ endDated: number }> {
  setCurrentDetails(`Event type ${input.code} (${input.id}): end-dating its records`)
  const endDated = await acts.endDateEventTypeRecords(input.id)
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
  let endDated = 0
  for (const [i, eventTypeId] of eventTypeIds.entries()) {
    setCurrentDetails(`Data provider ${input.code} (${input.id}): end-dating event type ${i + 1} of ${eventTypeIds.length}`)
    endDated += await acts.endDateEventTypeRecords(eventTypeId)
  }
  setCurrentDetails(`Data provider ${input.code} (${input.id}): ${endDated} record(s) end-dated; removing it`)
  await acts.removeDataProvider(input.id)
  setCurrentDetails(`Data provider ${input.code} (${input.id}): deleted with ${eventTypeIds.length} event type(s), ${endDated} record(s) end-dated`)
  return { eventTypes: eventTypeIds.length, endDated }
}
