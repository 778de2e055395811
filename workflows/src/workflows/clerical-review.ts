import { proxyActivities } from '@temporalio/workflow'
import type { createActivities } from '../activities/index.js'

const acts = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
})

/**
 * After an envelope's linkage: when some of its pairs scored just above their strategy's threshold, an
 * Information notification with a ready-to-edit quality-review file of their records (clerical-review.ts).
 */
export async function notifyClericalReview(envelopeName: string, projectId: number, linkageId: number): Promise<void> {
  const review = await acts.clericalReview({ projectId, linkageId, envelopeName })
  if (review.attachment) await acts.notifyWithAttachment(envelopeName, 'Information', review.message, review.attachment)
}
