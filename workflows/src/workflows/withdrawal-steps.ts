import { CancellationScope, setCurrentDetails, workflowInfo } from '@temporalio/workflow'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import type { Holder } from '../activities/withdrawal.activities.js'
import type { WithdrawalOutcome, WithdrawalSelection } from '../records/withdraw-records.js'
import { withProjectLock } from './with-project-lock.js'
import { withdrawalMessage, withdrawalStats } from './map-change-messages.js'

// No attempt limit: a withdrawal that was decided must finish; the database may be down for a while.
const acts = withLocalBookkeeping({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute' },
})

/**
 * One project's withdrawal as a job "End-Date Event Type" (counts as stats, a notification on the project),
 * holding the project's lock so it never interleaves with a linkage. A deleted project (no code) has no
 * linkage left to wait for, and no one to notify. `source` makes a retried run find its own revision.
 */
export async function withdrawFromProject(project: Holder, selection: WithdrawalSelection, why: string, source: string, alreadyLocked = false): Promise<WithdrawalOutcome> {
  const run = async () => {
    setCurrentDetails(`Project ${project.projectCode ?? project.projectId}: withdrawing records (${why})`)
    const jobId = await acts.startJob({ name: 'End-Date Event Type', projectId: project.projectId,
      ...(project.projectCode ? { projectCode: project.projectCode } : {}), ...(project.projectName ? { projectName: project.projectName } : {}) })
    try {
      const out = await acts.withdrawProjectRecords({ projectId: project.projectId, source, actor: 'system', reason: why, selection })
      await acts.finishJob(jobId, 'Complete', withdrawalStats(out, why))
      if (project.projectCode) await acts.notifyProjectOrEnvelope({ envelopeName: null, projectCode: project.projectCode }, 'Information', withdrawalMessage(out, why))
      return out
    } catch (err) {
      await CancellationScope.nonCancellable(() => acts.finishJob(jobId, 'Failed', [{ name: 'Reason', value: why }]))
      throw err
    }
  }
  return project.projectCode && !alreadyLocked ? withProjectLock(project.projectCode, run) : run()
}

/** Withdraws the event types' records from every project holding some; answers how many were end-dated. */
export async function withdrawEventTypes(eventTypeIds: number[], why: string): Promise<number> {
  let endDated = 0
  for (const holder of await acts.eventTypeHolders(eventTypeIds)) {
    const out = await withdrawFromProject(holder, { eventTypeIds }, why, `${workflowInfo().workflowId}:project:${holder.projectId}`)
    endDated += out.recordsEndDated
  }
  return endDated
}

/**
 * A project's members changed, id `members:<projectCode>:<event sequence>`: once it holds the project's lock it
 * re-reads the current members (the event may be stale: a later change may have put a member back) and
 * withdraws the live records of every event type that is no longer one. Most member changes remove nothing:
 * then no revision, no job.
 */
export async function projectMembersWorkflow(input: { projectCode: string }): Promise<WithdrawalOutcome | null> {
  return withProjectLock(input.projectCode, async () => {
    const current = await acts.nonMemberRecords(input.projectCode)
    if (!current || current.eventTypeIds.length === 0) return null
    const why = `event type(s) ${current.eventTypeIds.join(', ')} removed from project ${input.projectCode}`
    const holder = { projectId: current.projectId, projectCode: input.projectCode, projectName: current.projectName }
    return withdrawFromProject(holder, { keepEventTypeIds: current.memberIds }, why, workflowInfo().workflowId, true)
  })
}
