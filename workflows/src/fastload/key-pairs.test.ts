import t from 'tap'
import { jurisdictionalKeyPairs } from './key-pairs.js'

t.test('records sharing a key pair with the first record of that key; blank keys pair with nothing', async (t) => {
  t.same(jurisdictionalKeyPairs(['P1', 'P2', 'P1', null, '', 'P1', 'P2'], [1, 1, 1, 1, 1, 1, 1]), [[0, 2], [0, 5], [1, 6]])
})

t.test('two existing records are never paired by key: only pairs that involve a record of this load', async (t) => {
  t.same(jurisdictionalKeyPairs(['P1', 'P1', 'P1'], [0, 0, 1]), [[0, 2]], 'the new record joins the first, the merge joins the rest through it')
  t.same(jurisdictionalKeyPairs(['P1', 'P1'], [0, 0]), [])
})
