import { setCurrentDetails } from '@temporalio/workflow'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import type { ReferenceLinkPlan } from '../activities/p2p.activities.js'
import type { ReferenceLinkOutcome } from '../p2p/reference-link.js'

const acts = withLocalBookkeeping({
  startToCloseTimeout: '6 hours',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5, nonRetryableErrorTypes: ['ReferenceLinkRefused'] },
})

export const REFERENCE_LINK_JOB = 'Link To Reference Project'

const stats = (plan: ReferenceLinkPlan, o: ReferenceLinkOutcome) => [
  { name: 'Reference project', value: plan.referenceProjectCode },
  { name: 'Calling records', value: String(o.callingRecords) }, { name: 'Calling groups', value: String(o.callingGroups) },
  { name: 'Reference records', value: String(o.referenceRecords) }, { name: 'Pairs', value: String(o.pairs) },
  { name: 'Groups linked', value: String(o.groupsLinked) },
]

/**
 * The last step of a calling project's linkage, still under its project lock: its current groups linked
 * against the reference project's current records, as job "Link To Reference Project". Projects without a
 * reference project skip it (no job).
 */
export async function linkToReferenceStep(jobBase: Omit<Parameters<typeof acts.startJob>[0], 'name'>, projectId: number, linkageId: number): Promise<void> {
  const plan = await acts.referenceLinkPlan(projectId)
  if (!plan) return
  setCurrentDetails(`Linking against reference project ${plan.referenceProjectCode}`)
  const jobId = await acts.startJob({ ...jobBase, name: REFERENCE_LINK_JOB })
  try {
    const outcome = await acts.linkToReference({ ...plan, projectId, linkageId })
    await acts.finishJob(jobId, 'Complete', stats(plan, outcome))
  } catch (err) {
    await acts.finishJob(jobId, 'Failed', [])
    throw err
  }
}
