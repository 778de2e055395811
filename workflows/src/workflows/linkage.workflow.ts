import { ApplicationFailure, setCurrentDetails } from '@temporalio/workflow'
import { LinkageStatus } from '@ligature/contracts/transitions'
import type { LinkageSource } from '@ligature/contracts'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import { runLinkage } from './linkage-steps.js'

export interface LinkageWorkflowInput { linkageId: number; projectCode: string; name: string; linkageSources: LinkageSource[] }

const acts = withLocalBookkeeping({
  startToCloseTimeout: '2 hours',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: ['EnvelopeRejected'] },
})

/** A linkage from data sources the platform reads itself; id `linkage:<projectCode>:<linkageId>`. */
export async function linkageWorkflow(input: LinkageWorkflowInput): Promise<void> {
  setCurrentDetails(`Linkage ${input.name}: reading its sources`)
  try {
    const plan = await acts.planSources(input)
    await runLinkage({ folder: '', plan, linkageId: input.linkageId })
    setCurrentDetails(`Linkage ${input.name}: Complete`)
  } catch (err) {
    await acts.setLinkageStatus(input.linkageId, LinkageStatus.Failed)
    setCurrentDetails(`Linkage ${input.name}: Failed (${err instanceof ApplicationFailure ? err.message : 'see history'})`)
    throw err
  }
}
