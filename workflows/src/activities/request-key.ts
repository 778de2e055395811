import { createHash } from 'node:crypto'
import { activityInfo } from '@temporalio/activity'

/**
 * The current activity's workflow run and activity id, hashed (a workflow id can be long; the key's length is
 * fixed): the same each time the same activity runs, so a job start or notification it makes again, after a
 * worker died before its result was recorded, finds the first instead of adding another. Each activity that
 * sends one makes one such call. Outside an activity (a direct call in a test) there is no key.
 */
export function activityRequestKey(): { requestKey?: string } {
  let info: ReturnType<typeof activityInfo>
  try { info = activityInfo() } catch { return {} }
  const { workflowExecution: run, activityId } = info
  return run ? { requestKey: createHash('sha256').update(`${run.workflowId}\n${run.runId}\n${activityId}`).digest('hex') } : {}
}
