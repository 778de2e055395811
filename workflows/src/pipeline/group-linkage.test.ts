import t from 'tap'
import { wholeFirstLoad } from './group-linkage.js'
import type { LinkageRecords } from '../records/linkage-records.js'
import { RecordTable } from '@ligature/engine'

const records = (isNew: number[], previousKeys: number[]): LinkageRecords => ({
  ids: Float64Array.from(isNew, (_, i) => i + 1), eventTypeOf: Int32Array.from(isNew, () => 7), isNew: Uint8Array.from(isNew),
  previousKeys: Float64Array.from(previousKeys), table: new RecordTable(isNew.length, []),
})

t.test('the matched records stand in for a full read only when every record is incoming', async (t) => {
  const first = wholeFirstLoad(records([1, 1, 1], [0, 0, 0]))
  t.ok(first, 'a first load: used')
  t.same(Array.from(first!.ids), [1, 2, 3])
  t.same(Array.from(first!.eventTypeOf), [7, 7, 7])
  t.equal(first!.table, null, 'without the table, which grouping does not use')
  t.same(Array.from(wholeFirstLoad(records([1, 1], [5, 9]))!.previousKeys), [0, 0], 'incoming records have no key before this linkage, whatever the read left')
  t.equal(wholeFirstLoad(records([1, 0, 1], [0, 0, 0])), null, 'a stored record among them: its key must be read')
  t.equal(wholeFirstLoad(null), null)
  t.equal(wholeFirstLoad(undefined), null)
})
