import { condition, continueAsNew, defineSignal, getExternalWorkflowHandle, setHandler } from '@temporalio/workflow'

/** A request for the project's map: the requesting workflow and a token unique to this acquisition. */
export interface LockTicket { workflowId: string; token: string }

export const acquireProjectLock = defineSignal<[LockTicket]>('acquireProjectLock')
export const releaseProjectLock = defineSignal<[string]>('releaseProjectLock')
export const projectLockGranted = defineSignal<[string]>('projectLockGranted')

/** A holder that never releases (terminated by hand, say) is passed over after this long. */
const LEASE = '6 hours'
const SERVED_KEPT = 500

/**
 * One per project, id `project-lock:<code>`: map-changing work of the project (linkages, deletions, rollbacks)
 * holds it one at a time, in the order asked (the mutex of Temporal's samples). Started by the first request
 * (signal-with-start) and finished when no one waits; a retried request for a ticket already served is ignored.
 */
export async function projectLockWorkflow(carried: { queue: LockTicket[]; served: string[] } = { queue: [], served: [] }): Promise<void> {
  const queue = [...carried.queue]
  const served = new Set(carried.served)
  const released = new Set<string>()
  setHandler(acquireProjectLock, (t) => { if (!served.has(t.token) && !queue.some((q) => q.token === t.token)) queue.push(t) })
  setHandler(releaseProjectLock, (token) => { released.add(token) })
  for (let turns = 0; queue.length > 0; turns++) {
    const holder = queue[0]!
    if (!released.has(holder.token)) {
      const told = await getExternalWorkflowHandle(holder.workflowId).signal(projectLockGranted, holder.token).then(() => true, () => false)
      // A requester that has already closed cannot release: pass it over.
      if (told) await condition(() => released.has(holder.token), LEASE)
    }
    queue.shift()
    released.delete(holder.token)
    served.add(holder.token)
    if (turns >= 200) await continueAsNew<typeof projectLockWorkflow>({ queue, served: [...served].slice(-SERVED_KEPT) })
  }
}
