import t from 'tap'
import { IllegalJobMove, planJobMove } from './job-state.js'

t.test('live jobs move freely; entering a final state stamps the finish', async (t) => {
  t.same(planJobMove('Processing', 'Queued'), { stampFinish: false })
  t.same(planJobMove('Queued', 'Processing'), { stampFinish: false })
  t.same(planJobMove('Processing', 'Complete'), { stampFinish: true })
  t.same(planJobMove('Queued', 'Cancelled'), { stampFinish: true })
})

t.test('a final state accepts only itself again, without a new finish time', async (t) => {
  t.same(planJobMove('Complete', 'Complete'), { stampFinish: false })
  t.throws(() => planJobMove('Complete', 'Processing'), IllegalJobMove)
  t.throws(() => planJobMove('Failed', 'Complete'), IllegalJobMove)
  t.throws(() => planJobMove('Cancelled', 'Queued'), IllegalJobMove)
})
