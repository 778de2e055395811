import { patched, proxyActivities, proxyLocalActivities, type ActivityOptions } from '@temporalio/workflow'
import type { createActivities } from '../activities/index.js'

type Activities = ReturnType<typeof createActivities>

/**
 * The short calls that record a workflow's progress or read its configuration: a state, a job row, a
 * notification, a plan, a lock request. Each takes 10–40 ms; as ordinary activities each also cost a trip through
 * the Temporal server and back (about 25 ms here), which in a small incremental linkage added up to a quarter of
 * its time. As local activities they run in the worker that runs the workflow, inside its workflow task. None of
 * them heartbeats or runs long; anything that reads records or files of unbounded size stays an ordinary activity.
 */
const BOOKKEEPING: ReadonlySet<string> = new Set<keyof Activities>([
  'setEnvelopeState', 'setLinkageStatus', 'setWorkflowStatus', 'startJob', 'finishJob', 'notify', 'notifyWithAttachment',
  'notifyProjectOrEnvelope', 'notifyExtraction', 'planLinkage', 'createLinkage', 'referenceLinkPlan', 'requestProjectLock',
  'saveLinkageReport',
])

/** Workflows started before this existed have these calls as activity events in their history and replay them so. */
const LOCAL_BOOKKEEPING_PATCH = 'local-bookkeeping'

/**
 * A module's activities as proxyActivities(options) gives them, with the bookkeeping calls made as local
 * activities under the same retry policy (a deletion that must finish keeps retrying its job rows too). The
 * choice is made per call through `patched`, so a workflow that began on older code replays its ordinary
 * activities and makes its later calls locally.
 */
export function withLocalBookkeeping(options: ActivityOptions): Activities {
  const remote = proxyActivities<Activities>(options)
  const local = proxyLocalActivities<Activities>({ startToCloseTimeout: '1 minute', ...(options.retry ? { retry: options.retry } : {}) })
  return new Proxy(remote, {
    get(target, name, receiver): unknown {
      if (typeof name === 'string' && BOOKKEEPING.has(name) && patched(LOCAL_BOOKKEEPING_PATCH)) return local[name as keyof Activities]
      return Reflect.get(target, name, receiver) as unknown
    },
  })
}
