import t from 'tap'
import { preprocessRow } from '../preprocess/preprocess-row.js'
import { isInvalidRow } from '../parse/rows.js'
import { RECORD_COLUMNS, copyTextLine, recordValues } from './copy-text.js'

t.test('COPY text escaping', async (t) => {
  t.equal(copyTextLine(['a', null, 3, undefined, '']), 'a\t\\N\t3\t\\N\t\n')
  t.equal(copyTextLine(['tab\there', 'line\nbreak\r', 'back\\slash']), 'tab\\there\tline\\nbreak\\r\tback\\\\slash\n')
})

t.test('record values follow RECORD_COLUMNS', async (t) => {
  const rec = preprocessRow({ rowNumber: 2, fields: { sourceUniqueId: 'r1', surname: 'Smith', dateOfBirth: '1980-02-29' }, aux: { note: 'x\ty' } })
  if (isInvalidRow(rec)) return t.fail(rec.reason)
  const values = recordValues(rec)
  t.equal(values.length, RECORD_COLUMNS.length)
  const by = Object.fromEntries(RECORD_COLUMNS.map((c, i) => [c, values[i]]))
  t.match(by, { sourceUniqueId: 'r1', surname: 'SMITH', dateOfBirth: '1980-02-29', doby: 1980, dobm: 2, dobd: 29, surnameSoundex: 'S530', givenName: null, aux: '{"note":"x\\ty"}' })
  t.equal(copyTextLine(values).split('\t').length, RECORD_COLUMNS.length, 'the tab inside aux is escaped')
})
