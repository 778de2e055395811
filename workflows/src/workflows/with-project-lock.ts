import { ActivityFailure, CancellationScope, condition, getExternalWorkflowHandle, log, patched, proxyActivities, setCurrentDetails, setHandler, uuid4, workflowInfo } from '@temporalio/workflow'
import type { createActivities } from '../activities/index.js'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import { projectLockGranted, releaseProjectLock } from './project-lock.workflow.js'

const acts = withLocalBookkeeping({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 20 },
})

// Publishing key lineage: a few retries, then left to the next map-changing job of the project (outbox rows).
const publish = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
})

/**
 * Runs `fn` holding the project's map lock: one map-changing job per project at a time, in request order
 * (DECISIONS.md). The lock is released however `fn` ends; a grant for a ticket this workflow no longer waits
 * on is handed straight back, so the queue never stalls on it. Every map change passes through here, so this
 * is where the key lineage it wrote is published (still under the lock, so it goes out in revision order).
 */
export async function withProjectLock<T>(projectCode: string, fn: () => Promise<T>): Promise<T> {
  const token = uuid4()
  let granted = false
  let lockId: string | undefined
  setHandler(projectLockGranted, async (t) => {
    if (t === token) granted = true
    else if (lockId) await getExternalWorkflowHandle(lockId).signal(releaseProjectLock, t)
  })
  setCurrentDetails(`Waiting for project ${projectCode}: another change to its map runs first`)
  lockId = await acts.requestProjectLock({ projectCode, workflowId: workflowInfo().workflowId, token })
  await condition(() => granted)
  try {
    const out = await fn()
    if (patched('publish-key-lineage')) await publishKeyLineage(projectCode)
    return out
  } finally {
    const held = lockId
    await CancellationScope.nonCancellable(() => getExternalWorkflowHandle(held).signal(releaseProjectLock, token))
  }
}

/** A results service that stays down does not fail the job that changed the map: its moves stay unpublished. */
async function publishKeyLineage(projectCode: string): Promise<void> {
  setCurrentDetails(`Publishing the key lineage of project ${projectCode}`)
  try {
    await publish.publishKeyLineage({ projectCode })
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err
    log.warn('key lineage not published; the next map change of the project sends it', { projectCode })
  }
}
