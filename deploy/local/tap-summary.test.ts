import t from 'tap'
import { summarise } from './tap-summary.js'

t.test('reads the last summary line', async (t) => {
  t.same(summarise('ok 1 - a\n# { total: 7, pass: 7 }\n'), { passed: 7, failed: 0 })
  t.same(summarise('# { total: 3, pass: 1 }\n...\n# { total: 21, pass: 20, fail: 1 }\n'), { passed: 20, failed: 1 })
  t.same(summarise('# { total: 370, pass: 345, skip: 25 }\n'), { passed: 345, failed: 0 })
})

t.test('no summary at all is a failure, never a silent pass', async (t) => {
  t.same(summarise('Error: build failed\n'), { passed: 0, failed: 1 })
})
