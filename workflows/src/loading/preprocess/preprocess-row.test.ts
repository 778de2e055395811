import t from 'tap'
import { isInvalidRow } from '../parse/rows.js'
import { preprocessRow, rowPreprocessor } from './preprocess-row.js'

const row = (fields: Record<string, string>, aux: Record<string, string> = {}) => ({ rowNumber: 7, fields, aux })

t.test('produces the stored record shape with derived fields', async (t) => {
  const result = preprocessRow(
    row({
      sourceUniqueId: ' rec-1-org ', givenName: ' Zoë  Anne', surname: "o'brien", middleName: '', dateOfBirth: '19081209',
      sex: 'female', state: 'new south wales', suburb: 'st  james', addressLine: '6 tullaroop street', postcode: ' 4011 ',
      jurisdictionalLinkageKey: 'JK-9', customField: ' c ',
    }, { soc_sec_id: ' 6988048 ', blank: '  ' }),
    { dateFormat: 'yyyyMMdd' },
  )
  t.same(result, {
    rowNumber: 7,
    sourceUniqueId: 'rec-1-org', jurisdictionalLinkageKey: 'JK-9', surname: "O'BRIEN", givenName: 'ZOE ANNE', middleName: null,
    dateOfBirth: '1908-12-09', sex: 'F', addressLine: '6 TULLAROOP STREET', suburb: 'ST JAMES', state: 'NSW', postcode: '4011',
    doby: 1908, dobm: 12, dobd: 9,
    surnameSoundex: 'O165', givenNameSoundex: 'Z500', surnameNysiis: 'OBRAN', givenNameNysiis: 'ZAN', givenNameInitial: 'Z',
    aux: { customField: 'c', soc_sec_id: '6988048' },
  })
})

t.test('missing values stay null and derive nothing', async (t) => {
  const result = preprocessRow(row({ sourceUniqueId: 'r2' }))
  t.notOk(isInvalidRow(result))
  t.match(result, {
    surname: null, givenName: null, dateOfBirth: null, doby: null, dobm: null, dobd: null,
    surnameSoundex: null, givenNameNysiis: null, givenNameInitial: null, sex: null, state: null,
  })
})

t.test('invalid rows say why', async (t) => {
  const pre = rowPreprocessor({ dateFormat: 'dd/MM/yyyy' })
  t.same(pre(row({ sourceUniqueId: '  ' })), { rowNumber: 7, reason: 'sourceUniqueId is empty' })
  t.same(pre(row({ sourceUniqueId: 'a', dateOfBirth: '31/02/1990' })), {
    rowNumber: 7, reason: 'dateOfBirth "31/02/1990" is not a calendar date (day 31 of month 2)',
  })
  t.same(pre(row({ sourceUniqueId: 'a', dateOfBirth: '1990-01-01' })), {
    rowNumber: 7, reason: 'dateOfBirth "1990-01-01" does not match the date format dd/MM/yyyy',
  })
  t.same(pre(row({ sourceUniqueId: 'a', surname: 'x'.repeat(101) })), { rowNumber: 7, reason: 'surname is longer than 100 characters' })
  t.same(pre(row({ sourceUniqueId: 'a'.repeat(65) })), { rowNumber: 7, reason: 'sourceUniqueId is longer than 64 characters' })
})

t.test('options: blank bad dates, custom maps, truncated NYSIIS', async (t) => {
  const pre = rowPreprocessor({
    invalidDate: 'blank',
    sexMap: { M: ['1'], F: ['2'], X: ['3'] },
    stateMap: { WA: ['5', 'West Australia'] },
    nysiisMaxLength: 6,
  })
  const result = pre(row({ sourceUniqueId: 'a', dateOfBirth: '1990-13-01', sex: '3', state: 'west australia', surname: 'Montgomery' }))
  t.match(result, { dateOfBirth: null, doby: null, sex: 'X', state: 'WA', surnameNysiis: 'MANTGA' })
})
