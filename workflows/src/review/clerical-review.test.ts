import t from 'tap'
import { clericalLine, clericalMessage } from './clerical-review.js'

t.test('a row names the record and labels it with its key, quoted when the reader would change it', async (t) => {
  t.equal(clericalLine('CORE', 'a1', 'ADM', 3), 'CORE,a1,ADM,LK000000000003\n')
  t.equal(clericalLine('CORE', 'b,1', 'EMR', 3), 'CORE,"b,1",EMR,LK000000000003\n')
  t.equal(clericalLine('CORE', ' x"y', 'EMR', 7), 'CORE," x""y",EMR,LK000000000007\n')
})

t.test('the message gives the counts', async (t) => {
  t.match(clericalMessage({ pairs: 2, pairsLinked: 1, flaggedGroups: 0 }, 3), /2 pairs .*\(1 of them linked, 1 in different groups\), and 0 groups.*lists their 3 records/)
})
