import t from 'tap'
import { buildBlocks } from '../blocking/blocks.js'
import { RecordTable } from '../columnar/record-table.js'
import { windowedFieldMasks } from './window-fields.js'

const COLUMNS = ['block', 'dob', 'town', 'street'].map((name) => ({ name, kind: 'text' as const }))

t.test('a large block masks the fields its windows sorted on; a whole block masks none', async (tt) => {
  // Block "big": 5 records over a cap of 3, dob the same throughout (passed over), so sorted by town then street.
  // Block "small": 2 records, compared whole.
  const rows = [
    ...Array.from({ length: 5 }, (_, i) => ({ block: 'big', dob: '1970-01-01', town: `t${i}`, street: `s${i}` })),
    { block: 'small', dob: '1980-01-01', town: 'a', street: 'b' }, { block: 'small', dob: '1981-01-01', town: 'c', street: 'd' },
  ]
  const table = RecordTable.fromRows(rows, COLUMNS)
  const blocks = buildBlocks(table, [{ field: 'block', matchEmpty: false }])
  const masks = windowedFieldMasks(table, blocks, { blockCap: 3, window: 2, sortFields: ['dob', 'town', 'street'] }, ['dob', 'town', 'street'])!
  const big = blocks.blockOf[0]!, small = blocks.blockOf[5]!
  tt.equal(masks[big], 0b110, 'town and street, not the date of birth the block does not vary on')
  tt.equal(masks[small], 0)
  // A sort field that is not estimated here (fixed by the blocking, say) has no bit.
  tt.equal(windowedFieldMasks(table, blocks, { blockCap: 3, window: 2, sortFields: ['dob', 'town', 'street'] }, ['street'])![big], 0b1)
  tt.equal(windowedFieldMasks(table, blocks, { blockCap: 10, window: 2, sortFields: ['town'] }, ['town']), null, 'no large block: no masks')
})
