import type { Client } from '@temporalio/client'
import { workflowId } from '../workflow-ids.js'

export interface LockDeps { client: Client; taskQueue: string; namespace: string }

/** Asks a project's lock workflow for a turn, starting it if it is not running; answers its workflow id. */
export function lockActivities({ client, taskQueue, namespace }: LockDeps) {
  return {
    async requestProjectLock(ticket: { projectCode: string; workflowId: string; token: string }): Promise<string> {
      const id = workflowId(namespace, `project-lock:${ticket.projectCode}`)
      await client.workflow.signalWithStart('projectLockWorkflow', {
        workflowId: id, taskQueue, args: [{ queue: [], served: [] }],
        signal: 'acquireProjectLock', signalArgs: [{ workflowId: ticket.workflowId, token: ticket.token }],
      })
      return id
    },
  }
}
