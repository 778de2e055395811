import { ApplicationFailure, defineQuery, executeChild, log, patched, setHandler, upsertSearchAttributes, setCurrentDetails, workflowInfo } from '@temporalio/workflow'
import { EnvelopeStatus, EnvelopeType, LinkageStatus, enumName, initialEnvelopeState, transitionEnvelope, type EnvelopeEvent, type EnvelopeState } from '@ligature/contracts/transitions'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import { runLinkage } from './linkage-steps.js'
import { extractionWorkflow } from './extraction.workflow.js'
import { deletionMessage, deletionStats } from './map-change-messages.js'
import { withProjectLock } from './with-project-lock.js'
import { runEstimation } from './estimation-steps.js'
import { runQualityReview } from './quality-review.js'

export interface EnvelopeWorkflowInput { name: string; inboxPath: string }

export const envelopeStateQuery = defineQuery<EnvelopeState>('state')

const acts = withLocalBookkeeping({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: ['EnvelopeRejected'] },
})

/**
 * One envelope's life, id `envelope:<name>`. State changes only through the contracts' pure transition
 * function; each change is written back to the envelopes service and shown in the Temporal UI.
 */
export async function envelopeWorkflow(input: EnvelopeWorkflowInput): Promise<EnvelopeState> {
  let state = initialEnvelopeState()
  setHandler(envelopeStateQuery, () => state)

  const move = async (event: EnvelopeEvent) => {
    state = transitionEnvelope(state, event)
    const statusName = enumName(EnvelopeStatus, state.status)
    upsertSearchAttributes({ RunState: [statusName] })
    setCurrentDetails(`Envelope ${input.name}: ${statusName}${state.failureReason ? ` (${state.failureReason})` : ''}`)
    await acts.setEnvelopeState(input.name, { status: state.status })
  }

  await move({ kind: 'start' })
  let linkageId: number | null = null
  try {
    const { folder, manifest } = await acts.inspectEnvelope(input)
    await acts.setEnvelopeState(input.name, { status: state.status, type: manifest.envelopeType, projectCode: manifest.linkageProject, sender: manifest.sender })
    if (manifest.envelopeType === EnvelopeType.Extraction) {
      // One extraction per data file (each a list of Source Unique IDs of one event type), run one by one.
      const plan = await acts.planIdListEnvelope(manifest, true)
      for (const file of plan.files) {
        setCurrentDetails(`Envelope ${input.name}: extracting ${file.eventTypeCode} (${file.fileName})`)
        const extractionId = await acts.createExtraction({
          extractionProjectId: plan.extractionProjectId, projectCode: plan.projectCode, eventTypeCode: file.eventTypeCode,
          envelopeName: input.name, idsFile: { folder, fileName: file.fileName },
        })
        await executeChild(extractionWorkflow, { workflowId: `${workflowInfo().workflowId}/extraction:${extractionId}`, args: [{ extractionId }] })
      }
      await move({ kind: 'complete' })
      return state
    }
    if (manifest.envelopeType === EnvelopeType.Deletion) {
      // Each data file lists Source Unique IDs of one event type: end-dated and regrouped as one revision each.
      const plan = await acts.planIdListEnvelope(manifest, false)
      await withProjectLock(plan.projectCode, async () => { for (const [index, file] of plan.files.entries()) {
        setCurrentDetails(`Envelope ${input.name}: deleting ${file.eventTypeCode} records (${file.fileName})`)
        const jobId = await acts.startJob({ name: 'Delete Records', envelopeName: input.name, projectId: plan.projectId, projectCode: plan.projectCode,
          projectName: plan.projectName, dataProviderId: plan.dataProviderId, dataProviderName: plan.dataProviderName, eventTypeId: file.eventTypeId })
        try {
          const out = await acts.deleteRecordsFromFile({ projectId: plan.projectId, eventTypeId: file.eventTypeId, folder, fileName: file.fileName, source: `envelope:${input.name}:${index}` })
          await acts.finishJob(jobId, 'Complete', deletionStats(out))
          await acts.notify(input.name, out.idsNotFound > 0 ? 'Warning' : 'Information', deletionMessage(file.fileName, file.eventTypeCode, out))
        } catch (err) {
          await acts.finishJob(jobId, 'Failed', [])
          throw err
        }
      } })
      await move({ kind: 'complete' })
      return state
    }
    if (manifest.envelopeType === EnvelopeType.ProbsCalculation) {
      // Loaded like a linkage (same plan, same checks) but never linked or kept: EM estimates m, u and thresholds.
      const plan = await acts.planLinkage(manifest)
      await runEstimation({ envelopeName: input.name, folder, sender: manifest.sender, plan })
      await move({ kind: 'complete' })
      return state
    }
    if (manifest.envelopeType === EnvelopeType.QualityReview) {
      await runQualityReview(input.name, folder, manifest)
      await move({ kind: 'complete' })
      return state
    }
    if (manifest.envelopeType !== EnvelopeType.Linkage) {
      throw ApplicationFailure.nonRetryable(`${manifest.requestType} envelopes are not processed yet; only SubmitLinkage, SubmitExtraction, SubmitDeletion, SubmitQualityReview, SubmitBatchQualityReview and SubmitProbabilityEstimation are.`, 'EnvelopeRejected')
    }
    const plan = await acts.planLinkage(manifest)
    linkageId = await acts.createLinkage({
      projectCode: plan.projectCode, name: input.name, envelopeName: input.name,
      linkageSources: plan.files.map((f) => ({ eventTypeCode: f.eventTypeCode, dataSourceCode: 'ENVELOPE' })),
    })
    const run = { envelopeName: input.name, folder, plan, linkageId, fastLoad: manifest.requestType === 'SubmitFastLoad' }
    // Complete as soon as the keys are stored, under the lock; a first load's indexes follow (runLinkage).
    if (patched('complete-before-indexes')) await runLinkage(run, () => move({ kind: 'complete' }))
    else { await runLinkage(run); await move({ kind: 'complete' }) }
  } catch (err) {
    const reason = err instanceof ApplicationFailure ? err.message : (err as { cause?: { message?: string; cause?: { message?: string } } }).cause?.cause?.message ?? (err as { cause?: { message?: string } }).cause?.message ?? 'processing failed'
    log.warn('envelope failed', { name: input.name })
    if (linkageId !== null) await acts.setLinkageStatus(linkageId, LinkageStatus.Failed)
    await acts.notify(input.name, 'Error', reason)
    await move({ kind: 'fail', reason })
  }
  return state
}
