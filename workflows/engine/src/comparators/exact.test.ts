import t from 'tap'
import { exactSimilarity } from './exact.js'

t.test('exact', async tt => {
  tt.equal(exactSimilarity('smith', 'smith'), 1)
  tt.equal(exactSimilarity('smith', 'Smith'), 0, 'case sensitive: normalisation happens on load')
  tt.equal(exactSimilarity('', ''), 1)
})
