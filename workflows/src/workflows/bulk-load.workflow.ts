import { executeChild, isCancellation, setCurrentDetails, workflowInfo } from '@temporalio/workflow'
import type { WorkflowStatusValue } from '@ligature/contracts/transitions'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import { workflowStatus } from './workflow-status.js'
import { linkageWorkflow } from './linkage.workflow.js'
import { extractionWorkflow } from './extraction.workflow.js'

export interface BulkLoadInput { workflowId: number; projectCode: string; name: string; linkageIds: number[]; extractionProjectId: string | null }

const acts = withLocalBookkeeping({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 20 },
})

/**
 * A bulk load, id `bulkload:<projectCode>:<id>`: its linkages run one after another as child workflows, then,
 * with an extraction project, one extraction per loaded event type; the first failure stops the load
 * (Failed); cancelling it in the Temporal UI ends it Cancelled.
 */
export async function bulkLoadWorkflow(input: BulkLoadInput): Promise<WorkflowStatusValue> {
  const { move, current } = workflowStatus(input.workflowId, acts.setWorkflowStatus)
  await move('queue')
  await move('start')
  try {
    const eventTypeCodes = new Set<string>()
    for (const [i, linkageId] of input.linkageIds.entries()) {
      setCurrentDetails(`Bulk load ${input.name}: linkage ${i + 1} of ${input.linkageIds.length}`)
      const linkage = await acts.getLinkage(linkageId)
      for (const s of linkage.linkageSources) eventTypeCodes.add(s.eventTypeCode)
      await executeChild(linkageWorkflow, {
        workflowId: `${workflowInfo().workflowId}/linkage:${linkageId}`,
        args: [{ linkageId, projectCode: input.projectCode, name: linkage.name, linkageSources: linkage.linkageSources }],
      })
    }
    // Link and extract: every event type the sources loaded, one at a time, into the (enduring) extraction project.
    if (input.extractionProjectId) {
      for (const eventTypeCode of eventTypeCodes) {
        setCurrentDetails(`Bulk load ${input.name}: extracting ${eventTypeCode}`)
        const extractionId = await acts.createExtraction({ extractionProjectId: input.extractionProjectId, projectCode: input.projectCode, eventTypeCode, workflowId: input.workflowId })
        await executeChild(extractionWorkflow, { workflowId: `${workflowInfo().workflowId}/extraction:${extractionId}`, args: [{ extractionId }] })
      }
    }
    await move('complete')
  } catch (err) {
    await move(isCancellation(err) ? 'cancel' : 'fail')
    if (!isCancellation(err)) setCurrentDetails(`Bulk load ${input.name}: Failed`)
  }
  return current()
}
