import { setCurrentDetails } from '@temporalio/workflow'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import type { Manifest } from '../loading/envelope/manifest.js'
import { reviewMessage, reviewSkipped, reviewStats } from '../review/review-messages.js'
import { withProjectLock } from './with-project-lock.js'

const acts = withLocalBookkeeping({
  startToCloseTimeout: '30 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: ['EnvelopeRejected'] },
})

/**
 * A quality-review envelope (SubmitQualityReview or SubmitBatchQualityReview), holding the project's map
 * lock like every map change: each data file is one "Quality Review" job and one revision, so rollback
 * undoes it exactly. A retried file finds its revision by source and answers its first outcome.
 */
export async function runQualityReview(envelopeName: string, folder: string, manifest: Pick<Manifest, 'linkageProject' | 'dataFiles'>): Promise<void> {
  const plan = await acts.planQualityReview(manifest)
  await withProjectLock(plan.projectCode, async () => {
    for (const [index, fileName] of plan.files.entries()) {
      setCurrentDetails(`Envelope ${envelopeName}: quality review (${fileName})`)
      const jobId = await acts.startJob({ name: 'Quality Review', envelopeName, projectId: plan.projectId, projectCode: plan.projectCode, projectName: plan.projectName })
      try {
        const out = await acts.applyQualityReviewFile({ plan, folder, fileName, source: `envelope:${envelopeName}:${index}` })
        await acts.finishJob(jobId, 'Complete', reviewStats(out))
        await acts.notify(envelopeName, reviewSkipped(out) > 0 || out.recordsPlaced === 0 ? 'Warning' : 'Information', reviewMessage(fileName, out))
      } catch (err) {
        await acts.finishJob(jobId, 'Failed', [])
        throw err
      }
    }
  })
}
