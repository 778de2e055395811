import { CancellationScope } from '@temporalio/workflow'
import { WorkflowStatus, transitionWorkflow, type WorkflowStatusValue } from '@ligature/contracts/transitions'

/**
 * A Workflow entity's status as its Temporal workflow moves it: only through the contracts' pure transition
 * function, each move written back (even while the workflow is being cancelled).
 */
export function workflowStatus(workflowId: number, write: (id: number, status: number) => Promise<void>) {
  let status: WorkflowStatusValue = WorkflowStatus.Created
  return {
    current: () => status,
    move: async (event: Parameters<typeof transitionWorkflow>[1]): Promise<void> => {
      status = transitionWorkflow(status, event)
      await CancellationScope.nonCancellable(() => write(workflowId, status))
    },
  }
}
