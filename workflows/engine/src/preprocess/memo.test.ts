import t from 'tap'
import { memoise } from './memo.js'

t.test('computes each distinct value once and stays bounded', async (t) => {
  const calls: string[] = []
  const upper = memoise((v) => (calls.push(v), v.toUpperCase()), 3)
  t.same(['a', 'b', 'a', 'c', 'a'].map(upper), ['A', 'B', 'A', 'C', 'A'])
  t.same(calls, ['a', 'b', 'c'])
  upper('d') // full: starts over, so 'a' is computed again
  upper('a')
  t.same(calls, ['a', 'b', 'c', 'd', 'a'])
})
