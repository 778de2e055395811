import t from 'tap'
import { clericalMessage, clericalReviewFile, type ClericalPair } from './clerical-review.js'

const pair = (l: [string, number], r: [string, number], score: number): ClericalPair =>
  ({ strategy: 's', score, left: { suid: l[0], eventTypeId: 1, key: l[1] }, right: { suid: r[0], eventTypeId: 2, key: r[1] } })

t.test('each record once, grouped by key, labelled with its key, quoted when needed', async (t) => {
  const pairs = [pair(['a1', 3], ['b,1', 3], 11.5), pair(['a1', 3], ['c1', 7], 12)]
  const file = clericalReviewFile('CORE', pairs, new Map([[1, 'ADM'], [2, 'EMR']]))
  t.equal(file.text, 'CORE,"b,1",EMR,LK000000000003\nCORE,a1,ADM,LK000000000003\nCORE,c1,EMR,LK000000000007\n')
  t.equal(file.records, 3)
  t.match(clericalMessage(pairs, 0, file.records), /2 pairs .*\(1 of them linked, 1 in different groups\), and 0 groups.*lists their 3 records/)
  const withFlagged = clericalReviewFile('CORE', pairs, new Map([[1, 'ADM'], [2, 'EMR']]), [{ suid: 'a1', eventTypeId: 1, key: 3 }, { suid: 'z9', eventTypeId: 1, key: 9 }])
  t.equal(withFlagged.text, file.text + 'CORE,z9,ADM,LK000000000009\n', 'a flagged group\'s records join the file, each once')
})
