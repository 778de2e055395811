import t from 'tap'
import { buildBlocks } from '../blocking/blocks.js'
import { RecordTable } from '../columnar/record-table.js'
import { windowedFields } from './window-fields.js'

const COLUMNS = ['block', 'dob', 'town', 'street'].map((name) => ({ name, kind: 'text' as const }))

t.test('a large block flags the fields its windows sorted on; a whole block flags none', async (tt) => {
  // Block "big": 5 records over a cap of 3, dob the same throughout (passed over), so sorted by town then street.
  // Block "small": 2 records, compared whole.
  const rows = [
    ...Array.from({ length: 5 }, (_, i) => ({ block: 'big', dob: '1970-01-01', town: `t${i}`, street: `s${i}` })),
    { block: 'small', dob: '1980-01-01', town: 'a', street: 'b' }, { block: 'small', dob: '1981-01-01', town: 'c', street: 'd' },
  ]
  const table = RecordTable.fromRows(rows, COLUMNS)
  const blocks = buildBlocks(table, [{ field: 'block', matchEmpty: false }])
  const flags = windowedFields(table, blocks, { blockCap: 3, window: 2, sortFields: ['dob', 'town', 'street'] }, ['dob', 'town', 'street'])!
  const big = blocks.blockOf[0]!, small = blocks.blockOf[5]!
  tt.same([...flags.subarray(big * 3, big * 3 + 3)], [0, 1, 1], 'town and street, not the date of birth the block does not vary on')
  tt.same([...flags.subarray(small * 3, small * 3 + 3)], [0, 0, 0])
  // A sort field that is not estimated here (fixed by the blocking, say) has no flag.
  tt.same([...windowedFields(table, blocks, { blockCap: 3, window: 2, sortFields: ['dob', 'town', 'street'] }, ['street'])!.subarray(big, big + 1)], [1])
  tt.equal(windowedFields(table, blocks, { blockCap: 10, window: 2, sortFields: ['town'] }, ['town']), null, 'no large block: no flags')
})
