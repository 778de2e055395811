import { ApplicationFailure, CancellationScope, setCurrentDetails } from '@temporalio/workflow'
import type { WorkflowStatusValue } from '@ligature/contracts/transitions'
import type { EventData } from '@ligature/contracts'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import type { DestructionSelection } from '../records/destroy-records.js'
import { workflowStatus } from './workflow-status.js'
import { withProjectLock } from './with-project-lock.js'
import { destructionMessage, destructionStats } from './map-change-messages.js'

export type DestructionInput = EventData<'recordDestructionRequested'>

const acts = withLocalBookkeeping({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: ['DestructionRefused'] },
})

const selectionOf = (d: DestructionInput): DestructionSelection =>
  d.eventTypeId === null ? { linkageIds: d.linkageIds } : { eventTypeId: d.eventTypeId, sourceUniqueIds: d.sourceUniqueIds }

const describe = (d: DestructionInput) => d.envelopeName !== null ? `records of envelope ${d.envelopeName}`
  : d.sourceUniqueIds ? `${d.sourceUniqueIds.length} listed ${d.eventTypeCode} records` : `all ${d.eventTypeCode} records`

/**
 * A destruction of record data, id `destruction:<projectCode>:<workflow id>`. It holds the project's lock
 * like a linkage: a running linkage reads the identifiers (loading, blocking, scoring), so blanking them
 * mid-linkage would link on half-destroyed data and could write them into its reports. One job "Destroy
 * Record Data" carries the counts, who and why; the notification goes to the envelope or the project.
 */
export async function destructionWorkflow(input: DestructionInput): Promise<WorkflowStatusValue> {
  const { move, current } = workflowStatus(input.workflowId, acts.setWorkflowStatus)
  await move('queue')
  await move('start')
  setCurrentDetails(`Destroying record data in ${input.projectCode}: ${describe(input)}`)
  const jobId = await acts.startJob({ name: 'Destroy Record Data', workflowId: input.workflowId, projectCode: input.projectCode })
  try {
    const out = await withProjectLock(input.projectCode, () => acts.destroyRecordData({
      projectCode: input.projectCode, workflowId: input.workflowId, actor: input.requestedBy, reason: input.reason,
      envelopeName: input.envelopeName, selection: selectionOf(input),
    }))
    const level = out.idsNotFound > 0 ? 'Warning' : 'Information'
    await acts.notifyProjectOrEnvelope({ envelopeName: input.envelopeName, projectCode: input.projectCode }, level, destructionMessage(out, describe(input), input.requestedBy, input.reason))
    await acts.finishJob(jobId, 'Complete', [...destructionStats(out), { name: 'Requested by', value: input.requestedBy }, { name: 'Reason', value: input.reason.slice(0, 1000) }])
    await move('complete')
  } catch (err) {
    const reason = err instanceof ApplicationFailure ? err.message : 'the destruction failed'
    await CancellationScope.nonCancellable(async () => {
      await acts.finishJob(jobId, 'Failed', [{ name: 'Reason', value: reason.slice(0, 1000) }])
      await acts.notifyProjectOrEnvelope({ envelopeName: null, projectCode: input.projectCode }, 'Error', `Destruction of record data requested by ${input.requestedBy} failed: ${reason}`)
    })
    await move('fail')
  }
  return current()
}
