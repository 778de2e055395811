import t from 'tap'
import { preprocessRow } from '../preprocess/preprocess-row.js'
import { isInvalidRow } from '../parse/rows.js'
import { RECORD_COLUMNS, copyTextLine, recordCopyLine, recordValues } from './copy-text.js'
import type { ParsedRow } from '../parse/rows.js'

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

t.test('a stored record line is the prefix, the row number and the record values as COPY text', async (t) => {
  const rows: ParsedRow[] = [
    { rowNumber: 2, fields: { sourceUniqueId: 'r1', surname: 'Smith', dateOfBirth: '1980-02-29' }, aux: {} },
    { rowNumber: 3, fields: { sourceUniqueId: 'back\\slash\tand tab', jurisdictionalLinkageKey: 'line\nbreak\r', givenName: 'Zoë' }, aux: { note: 'x\ty', other: '\\' } },
    { rowNumber: 4, fields: { sourceUniqueId: 'r3', postcode: '2000', sex: 'F' }, aux: { empty: '  ' } },
  ]
  for (const row of rows) {
    const rec = preprocessRow(row)
    if (isInvalidRow(rec)) return t.fail(rec.reason)
    t.equal(recordCopyLine('7\t1\t0\t', row.rowNumber, rec), `7\t1\t0\t${row.rowNumber}\t${copyTextLine(recordValues(rec))}`, rec.sourceUniqueId)
  }
  const line = recordCopyLine('', 3, preprocessRow(rows[1]!) as Parameters<typeof recordValues>[0])
  t.equal(line.split('\t').length, RECORD_COLUMNS.length + 1, 'every tab inside a value is escaped')
  t.ok(line.endsWith('\t{"note":"x\\\\ty","other":"\\\\\\\\"}\n'), 'aux as JSON, its backslashes escaped once more')
})
