import t from 'tap'
import { canMoveExtraction, schemaStatus, statusName } from './extraction-status.js'

t.test('the schema reading is the call reading without Unknown', async (t) => {
  t.same([1, 2, 3, 4].map(schemaStatus), [0, 1, 2, 3])
  t.same([1, 2, 3, 4].map(statusName), ['Pending', 'Processing', 'Failed', 'Complete'])
})

t.test('statuses move forward; a final one accepts only itself', async (t) => {
  t.ok(canMoveExtraction(1, 2))
  t.ok(canMoveExtraction(2, 4))
  t.ok(canMoveExtraction(1, 3), 'a pending extraction can fail before it starts')
  t.notOk(canMoveExtraction(2, 1))
  t.ok(canMoveExtraction(4, 4))
  t.notOk(canMoveExtraction(4, 3))
  t.notOk(canMoveExtraction(3, 2))
})
