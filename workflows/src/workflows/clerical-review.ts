import { withLocalBookkeeping } from './local-bookkeeping.js'
import type { ClericalOutcome } from '../activities/review.activities.js'

const acts = withLocalBookkeeping({
  startToCloseTimeout: '10 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
})

/**
 * After an envelope's linkage has stored its pairs: the pairs that scored just above their strategy's threshold
 * and the flagged groups, as a ready-to-edit quality-review file kept by the results service (clerical-review.ts).
 * Its figures go into the linkage report; `notifyClericalReview` sends the file later.
 */
export const listClericalReview = (envelopeName: string, projectId: number, linkageId: number): Promise<ClericalOutcome> =>
  acts.clericalReview({ projectId, linkageId, envelopeName })

/** When anything was listed: an Information notification with the file attached. */
export async function notifyClericalReview(envelopeName: string, review: ClericalOutcome): Promise<void> {
  if (review.attachment) await acts.notifyWithAttachment(envelopeName, 'Information', review.message, review.attachment)
}
