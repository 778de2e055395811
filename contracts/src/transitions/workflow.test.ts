import t from 'tap'
import { WorkflowStatus } from '../enums.js'
import { transitionWorkflow } from './workflow.js'

t.test('Created → Queued → Processing → Complete', async (t) => {
  let s = transitionWorkflow(WorkflowStatus.Created, 'queue')
  t.equal(s, WorkflowStatus.Queued)
  s = transitionWorkflow(s, 'start')
  t.equal(s, WorkflowStatus.Processing)
  t.equal(transitionWorkflow(s, 'complete'), WorkflowStatus.Complete)
})

t.test('cancel and fail from any live state, never from a final one', async (t) => {
  t.equal(transitionWorkflow(WorkflowStatus.Queued, 'cancel'), WorkflowStatus.Cancelled)
  t.equal(transitionWorkflow(WorkflowStatus.Processing, 'fail'), WorkflowStatus.Failed)
  t.throws(() => transitionWorkflow(WorkflowStatus.Complete, 'cancel'))
  t.throws(() => transitionWorkflow(WorkflowStatus.Cancelled, 'start'))
  t.throws(() => transitionWorkflow(WorkflowStatus.Created, 'complete'))
})
