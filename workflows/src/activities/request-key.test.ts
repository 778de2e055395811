import t from 'tap'
import { MockActivityEnvironment } from '@temporalio/testing'
import { activityRequestKey } from './request-key.js'

const keyIn = (info: { workflowId: string; runId: string; activityId: string }): Promise<{ requestKey?: string }> =>
  new MockActivityEnvironment({ workflowExecution: { workflowId: info.workflowId, runId: info.runId }, activityId: info.activityId })
    .run(async () => activityRequestKey())

t.test('an activity is named by its workflow run and activity id, the same each time it runs', async (t) => {
  const first = await keyIn({ workflowId: 'w/envelope:a', runId: 'run-1', activityId: '7' })
  t.match(first.requestKey, /^[0-9a-f]{64}$/)
  t.same(await keyIn({ workflowId: 'w/envelope:a', runId: 'run-1', activityId: '7' }), first, 'run again: the same key')
  const others = await Promise.all([
    keyIn({ workflowId: 'w/envelope:a', runId: 'run-1', activityId: '8' }),
    keyIn({ workflowId: 'w/envelope:a', runId: 'run-2', activityId: '7' }),
    keyIn({ workflowId: 'w/envelope:b', runId: 'run-1', activityId: '7' }),
  ])
  t.equal(new Set([first, ...others].map((k) => k.requestKey)).size, 4, 'another activity, run or workflow: another key')
})

t.test('outside an activity there is no key', async (t) => {
  t.same(activityRequestKey(), {})
})
