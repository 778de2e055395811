import { startWorkflowConsumer, type ConsumerDeps } from './event-consumer.js'

export type DispatcherDeps = ConsumerDeps

/**
 * Every event that starts a workflow, and which one: the workflow id is the business id, so redelivery is
 * harmless. Envelopes (`envelope:<name>`), linkages from sources, bulk loads, extractions (`extraction:<id>`)
 * deletions, rollbacks, destructions of record data and member changes.
 */
export async function startDispatcher(deps: DispatcherDeps): Promise<{ stop: () => Promise<void> }> {
  const consumers = await Promise.all([
    startWorkflowConsumer(deps, 'envelopeReceived', (d) => ({
      workflow: 'envelopeWorkflow', businessId: `envelope:${d.name}`, args: [{ name: d.name, inboxPath: d.inboxPath }], summary: `Envelope ${d.displayName}`,
    })),
    startWorkflowConsumer(deps, 'linkageRequested', (d) => ({
      workflow: 'linkageWorkflow', businessId: `linkage:${d.projectCode}:${d.linkageId}`, args: [d], summary: `Linkage ${d.name}`,
    })),
    startWorkflowConsumer(deps, 'bulkLoadRequested', (d) => ({
      workflow: 'bulkLoadWorkflow', businessId: `bulkload:${d.projectCode}:${d.workflowId}`, args: [d], summary: `Bulk load ${d.name}`,
    })),
    startWorkflowConsumer(deps, 'extractionRequested', (d) => ({
      workflow: 'extractionWorkflow', businessId: `extraction:${d.extractionId}`, args: [{ extractionId: d.extractionId }], summary: `Extraction ${d.extractionId} (${d.projectCode})`,
    })),
    startWorkflowConsumer(deps, 'rollbackRequested', (d) => ({
      workflow: 'rollbackWorkflow', businessId: `rollback:${d.projectCode}:${d.workflowId}`, args: [d], summary: `Rollback ${d.projectCode} (${d.workflowId})`,
    })),
    startWorkflowConsumer(deps, 'recordDestructionRequested', (d) => ({
      workflow: 'destructionWorkflow', businessId: `destruction:${d.projectCode}:${d.workflowId}`, args: [d], summary: `Destroy record data ${d.projectCode} (${d.workflowId})`,
    })),
    startWorkflowConsumer(deps, 'eventTypeDeleted', (d) => ({
      workflow: 'deleteEventTypeWorkflow', businessId: `delete-eventtype:${d.id}`, args: [{ id: d.id, code: d.code }], summary: `Event type ${d.code} (${d.id}): deletion`,
    })),
    startWorkflowConsumer(deps, 'dataProviderDeleted', (d) => ({
      workflow: 'deleteDataProviderWorkflow', businessId: `delete-dataprovider:${d.id}`, args: [{ id: d.id, code: d.code }], summary: `Data provider ${d.code} (${d.id}): deletion`,
    })),
    // Every change of members is one event (the stream sequence names it: a redelivery is the same workflow).
    startWorkflowConsumer(deps, 'projectMembersChanged', (d, sequence) => ({
      workflow: 'projectMembersWorkflow', businessId: `members:${d.projectCode}:${sequence}`, args: [{ projectCode: d.projectCode }], summary: `Project ${d.projectCode}: members changed`,
    })),
  ])
  return { stop: async () => { for (const c of consumers) await c.stop() } }
}
