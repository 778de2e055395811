import t from 'tap'
import { blankedFieldsMessage, fileLoadSummary, loadStats, rejectedRowsMessage } from './load-summary.js'

const loaded = {
  read: 14, invalid: 12, added: 2, blanked: { sex: 1, dateOfBirth: 2, postcode: 0 },
  firstInvalid: Array.from({ length: 10 }, (_, i) => ({ rowNumber: i + 2, reason: 'sourceUniqueId is empty' })),
}

t.test('job stats: counts, total blanked and one line per blanked field in field order', async (t) => {
  t.same(loadStats(loaded), [
    { name: 'Records read', value: '14' }, { name: 'Records invalid', value: '12' }, { name: 'Records added', value: '2' },
    { name: 'Fields blanked', value: '3' }, { name: 'Blanked dateOfBirth', value: '2' }, { name: 'Blanked sex', value: '1' },
  ])
  t.same(loadStats({ ...loaded, blanked: {} }).slice(3), [{ name: 'Fields blanked', value: '0' }], 'nothing blanked: one zero total')
  t.same(loadStats({ ...loaded, blanked: {}, threads: 2 }).slice(3), [{ name: 'Fields blanked', value: '0' }, { name: 'Load threads', value: '2' }],
    'the parse threads last, when the load reports them')
})

t.test('report section and notification sentences', async (t) => {
  t.same(fileLoadSummary('a.csv', 'ET1', loaded), { fileName: 'a.csv', eventTypeCode: 'ET1', rowsRead: 14, rowsRejected: 12, recordsAdded: 2, fieldsBlanked: { dateOfBirth: 2, sex: 1 } })
  const rejected = rejectedRowsMessage('a.csv', loaded)
  t.match(rejected, /^12 of 14 rows of a\.csv were rejected/)
  t.match(rejected, /row 2 \(sourceUniqueId is empty\); .*row 11 \(sourceUniqueId is empty\); the attachment lists all 12\.$/)
  t.match(rejectedRowsMessage('a.csv', { ...loaded, invalid: 1, firstInvalid: [{ rowNumber: 5, reason: 'has 3 columns; the header has 4' }] }),
    /row 5 \(has 3 columns; the header has 4\); the attachment lists them\.$/)
  t.equal(blankedFieldsMessage('a.csv', loaded), 'a.csv: some values failed their check and were stored blank; those records were loaded and linked on their other fields. Records with a blanked field: dateOfBirth 2, sex 1.')
  t.equal(blankedFieldsMessage('a.csv', { ...loaded, blanked: {} }), null)
})
