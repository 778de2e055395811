import { ApplicationFailure, CancellationScope, log, proxyActivities, setCurrentDetails, upsertSearchAttributes } from '@temporalio/workflow'
import { ExtractionStatus, enumName } from '@ligature/contracts/enums'
import type { createActivities } from '../activities/index.js'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import { extractionMessage, extractionStats } from './extraction-messages.js'

export interface ExtractionWorkflowInput { extractionId: number }

const acts = withLocalBookkeeping({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 20, nonRetryableErrorTypes: ['ExtractionRefused'] },
})
// The map streams out in one activity that beats every 50,000 rows: a silent minute means a dead worker.
const extract = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '2 hours', heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5, nonRetryableErrorTypes: ['ExtractionRefused'] },
})

/**
 * One extraction, id `extraction:<id>` (or `<parent>/extraction:<id>` inside an envelope or bulk load):
 * Pending → Processing → Complete or Failed, with an "Extract Linkage Map" job and a notification. Its
 * current step shows in the Temporal UI.
 */
export async function extractionWorkflow({ extractionId }: ExtractionWorkflowInput): Promise<number> {
  let status: number = ExtractionStatus.Pending
  const move = async (to: number, detail: string) => {
    status = to
    upsertSearchAttributes({ RunState: [enumName(ExtractionStatus, to)] })
    setCurrentDetails(`Extraction ${extractionId}: ${detail}`)
    await CancellationScope.nonCancellable(() => acts.setExtractionStatus(extractionId, to))
  }
  await move(ExtractionStatus.Processing, 'reading the configuration')
  const plan = await acts.prepareExtraction(extractionId).catch(async (err: unknown) => {
    await move(ExtractionStatus.Failed, 'failed')
    throw err
  })
  const jobId = await acts.startJob({
    name: 'Extract Linkage Map', projectId: plan.projectId, projectCode: plan.projectCode, projectName: plan.projectName,
    dataProviderId: plan.dataProviderId, dataProviderName: plan.dataProviderName, eventTypeId: plan.eventTypeId,
    ...(plan.envelopeName ? { envelopeName: plan.envelopeName } : {}),
  })
  try {
    setCurrentDetails(`Extraction ${extractionId}: extracting ${plan.eventTypeCode} (${plan.enduring ? 'enduring' : 'snapshot'} keys)`)
    const out = await extract.runExtraction(plan)
    const summary = { ...out, eventTypeCode: plan.eventTypeCode, extractionProjectId: plan.extractionProjectId, enduring: plan.enduring }
    const notification = await acts.notifyExtraction(plan, out.unknownIds > 0 ? 'Warning' : 'Information', extractionMessage(summary))
    await acts.finishJob(jobId, 'Complete', [...extractionStats(summary), ...(notification ? [{ name: 'Notification', value: String(notification) }] : [])])
    await move(ExtractionStatus.Complete, `complete, ${out.rows} records`)
  } catch (err) {
    const reason = err instanceof ApplicationFailure ? err.message : (err as { cause?: { message?: string } }).cause?.message ?? 'extraction failed'
    log.warn('extraction failed', { extractionId })
    await CancellationScope.nonCancellable(async () => {
      await acts.finishJob(jobId, 'Failed', [])
      await acts.notifyExtraction(plan, 'Error', `Extraction of ${plan.eventTypeCode} into ${plan.extractionProjectId} failed: ${reason}`)
    })
    await move(ExtractionStatus.Failed, 'failed')
    throw err
  }
  return status
}
