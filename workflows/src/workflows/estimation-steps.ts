import { proxyActivities, setCurrentDetails, workflowInfo } from '@temporalio/workflow'
import type { createActivities } from '../activities/index.js'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import type { EnvelopePlan } from '../pipeline/envelope-plan.js'
import { blankedFieldsMessage, loadStats, rejectedRowsMessage } from '../pipeline/load-summary.js'
import { estimationMessage, estimationStats } from '../estimation/estimation-summary.js'
import { linkTaskQueue } from '../task-queues.js'

const acts = withLocalBookkeeping({
  startToCloseTimeout: '2 hours',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: ['EnvelopeRejected'] },
})

export interface EstimationRun { envelopeName: string; folder: string; sender: string; plan: EnvelopePlan }

/**
 * A probability estimation envelope (product-behaviour §5): each data file is loaded as a "Load Probability
 * Calculation" job into a staging file (never the record store), then one "Estimate Probabilities" job runs EM
 * against the project's records, stores the estimate in the results service and notifies. Nothing is linked or
 * kept, so no project lock is taken: the records are read in one consistent COPY.
 */
export async function runEstimation({ envelopeName, folder, sender, plan }: EstimationRun): Promise<void> {
  const jobBase = { envelopeName, projectId: plan.projectId, projectCode: plan.projectCode, projectName: plan.projectName, dataProviderId: plan.dataProviderId, dataProviderName: plan.dataProviderName }
  try {
    for (const file of plan.files) {
      setCurrentDetails(`Load Probability Calculation: ${file.fileName} (${file.eventTypeCode})`)
      const jobId = await acts.startJob({ ...jobBase, name: 'Load Probability Calculation', eventTypeId: file.eventTypeId })
      try {
        const loaded = await acts.stageEstimationFile({ envelopeName, folder, file })
        await acts.finishJob(jobId, 'Complete', loadStats(loaded).map((s) => (s.name === 'Records added' ? { name: 'Records loaded for estimation', value: s.value } : s)))
        if (loaded.report) await acts.notifyWithAttachment(envelopeName, 'Warning', rejectedRowsMessage(file.fileName, loaded), loaded.report)
        const blanked = blankedFieldsMessage(file.fileName, loaded)
        if (blanked) await acts.notifyWithAttachment(envelopeName, 'Warning', blanked.replace('loaded and linked on their other fields', 'used for estimation on their other fields'), null)
      } catch (err) {
        await acts.finishJob(jobId, 'Failed', [])
        throw err
      }
    }
    setCurrentDetails('Estimating probabilities (EM)')
    const jobId = await acts.startJob({ ...jobBase, name: 'Estimate Probabilities' })
    try {
      // On the link queue: like a linkage, the estimation reads the whole project into memory.
      const heavy = proxyActivities<ReturnType<typeof createActivities>>({
        taskQueue: linkTaskQueue(workflowInfo().taskQueue), startToCloseTimeout: '6 hours', heartbeatTimeout: '2 minutes',
        retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
      })
      const { estimate, document } = await heavy.estimateProbabilities({ envelopeName, projectId: plan.projectId, projectCode: plan.projectCode, sender, fileIndexes: plan.files.map((f) => f.fileIndex) })
      await acts.finishJob(jobId, 'Complete', estimationStats(document))
      await acts.notifyWithAttachment(envelopeName, document.converged ? 'Information' : 'Warning', estimationMessage(estimate, document), null)
    } catch (err) {
      await acts.finishJob(jobId, 'Failed', [])
      throw err
    }
  } finally {
    await acts.removeEstimationStaging(envelopeName)
  }
}
