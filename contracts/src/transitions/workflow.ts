import { WorkflowStatus, type WorkflowStatusValue } from '../enums.js'

/** A bulk-load workflow's life: Created → Queued → Processing → Complete | Failed | Cancelled. */
export type WorkflowEvent = 'queue' | 'start' | 'complete' | 'fail' | 'cancel'

const allowed: Record<WorkflowEvent, { from: readonly WorkflowStatusValue[]; to: WorkflowStatusValue }> = {
  queue: { from: [WorkflowStatus.Created], to: WorkflowStatus.Queued },
  start: { from: [WorkflowStatus.Queued], to: WorkflowStatus.Processing },
  complete: { from: [WorkflowStatus.Processing], to: WorkflowStatus.Complete },
  fail: { from: [WorkflowStatus.Created, WorkflowStatus.Queued, WorkflowStatus.Processing], to: WorkflowStatus.Failed },
  cancel: { from: [WorkflowStatus.Created, WorkflowStatus.Queued, WorkflowStatus.Processing], to: WorkflowStatus.Cancelled },
}

export function transitionWorkflow(status: WorkflowStatusValue, event: WorkflowEvent): WorkflowStatusValue {
  const rule = allowed[event]
  if (!rule.from.includes(status)) throw new Error(`Workflow cannot go from status ${status} on ${event}.`)
  return rule.to
}
