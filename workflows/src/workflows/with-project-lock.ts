import { CancellationScope, condition, getExternalWorkflowHandle, proxyActivities, setCurrentDetails, setHandler, uuid4, workflowInfo } from '@temporalio/workflow'
import type { createActivities } from '../activities/index.js'
import { projectLockGranted, releaseProjectLock } from './project-lock.workflow.js'

const acts = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 20 },
})

/**
 * Runs `fn` holding the project's map lock: one map-changing job per project at a time, in request order
 * (DECISIONS.md). The lock is released however `fn` ends; a grant for a ticket this workflow no longer waits
 * on is handed straight back, so the queue never stalls on it.
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
    return await fn()
  } finally {
    const held = lockId
    await CancellationScope.nonCancellable(() => getExternalWorkflowHandle(held).signal(releaseProjectLock, token))
  }
}
