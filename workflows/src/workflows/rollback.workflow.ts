import { ApplicationFailure, CancellationScope, setCurrentDetails } from '@temporalio/workflow'
import type { WorkflowStatusValue } from '@ligature/contracts/transitions'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import { workflowStatus } from './workflow-status.js'
import { withProjectLock } from './with-project-lock.js'
import { rollbackMessage, rollbackStats } from './map-change-messages.js'

export interface RollbackInput { workflowId: number; projectCode: string; reason: string; requestedBy: string }

const acts = withLocalBookkeeping({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: ['RollbackRefused'] },
})

/**
 * A rollback, id `rollback:<projectCode>:<workflow id>`: undoes the project's last processed change in one
 * transaction (a job "Rollback" with its counts), noted on the undone envelope, or on the project.
 */
export async function rollbackWorkflow(input: RollbackInput): Promise<WorkflowStatusValue> {
  const { move, current } = workflowStatus(input.workflowId, acts.setWorkflowStatus)
  await move('queue')
  await move('start')
  setCurrentDetails(`Rollback of ${input.projectCode}: ${input.reason}`)
  const jobId = await acts.startJob({ name: 'Rollback', workflowId: input.workflowId, projectCode: input.projectCode })
  try {
    const out = await withProjectLock(input.projectCode, () =>
      acts.rollbackProject({ projectCode: input.projectCode, workflowId: input.workflowId, actor: input.requestedBy, reason: input.reason }))
    if (out.blockedBy) throw ApplicationFailure.nonRetryable(`Rollback of project ${input.projectCode} stops at revision ${out.blockedBy.revision}, which withdrew records (${out.blockedBy.reason ?? 'event types removed'}); a withdrawal cannot be rolled back.`, 'RollbackRefused')
    if (!out.undone) throw ApplicationFailure.nonRetryable(`Nothing to roll back in project ${input.projectCode}: no processed linkage or deletion is left.`, 'RollbackRefused')
    await acts.notifyProjectOrEnvelope({ envelopeName: out.envelopeName, projectCode: input.projectCode }, 'Warning', rollbackMessage(out, input.requestedBy, input.reason))
    await acts.finishJob(jobId, 'Complete', [...rollbackStats(out), { name: 'Requested by', value: input.requestedBy }, { name: 'Reason', value: input.reason.slice(0, 1000) }])
    await move('complete')
  } catch (err) {
    const reason = err instanceof ApplicationFailure ? err.message : 'the rollback failed'
    await CancellationScope.nonCancellable(async () => {
      await acts.finishJob(jobId, 'Failed', [{ name: 'Reason', value: reason.slice(0, 1000) }])
      await acts.notifyProjectOrEnvelope({ envelopeName: null, projectCode: input.projectCode }, 'Error', `Rollback requested by ${input.requestedBy} failed: ${reason}`)
    })
    await move('fail')
  }
  return current()
}
