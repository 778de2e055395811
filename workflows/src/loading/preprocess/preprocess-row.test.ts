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
    surnameBloom: null, givenNameBloom: null, middleNameBloom: null, dateOfBirthBloom: null, addressLineBloom: null, suburbBloom: null,
    doby: 1908, dobm: 12, dobd: 9,
    surnameSoundex: 'O165', givenNameSoundex: 'Z500', surnameNysiis: 'OBRAN', givenNameNysiis: 'ZAN', givenNameInitial: 'Z',
    aux: { customField: 'c', soc_sec_id: '6988048' }, blanked: [],
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

t.test('only a missing or over-long Source Unique ID rejects a row, and the reason names no value', async (t) => {
  const pre = rowPreprocessor({ dateFormat: 'dd/MM/yyyy' })
  t.same(pre(row({ sourceUniqueId: '  ' })), { rowNumber: 7, reason: 'sourceUniqueId is empty' })
  t.same(pre(row({ sourceUniqueId: 'a'.repeat(65) })), { rowNumber: 7, reason: 'sourceUniqueId is longer than 64 characters' })
})

t.test('a field that fails its check is blanked, with what derives from it, and named', async (t) => {
  const pre = rowPreprocessor({ dateFormat: 'dd/MM/yyyy' })
  const base = { sourceUniqueId: 'a', surname: 'Smith', givenName: 'Ann' }
  const impossible = pre(row({ ...base, dateOfBirth: '31/02/1990', sex: 'F' }))
  t.notOk(isInvalidRow(impossible), 'the record is kept')
  t.match(impossible, { sourceUniqueId: 'a', surname: 'SMITH', surnameSoundex: 'S530', sex: 'F', dateOfBirth: null, doby: null, dobm: null, dobd: null, blanked: ['dateOfBirth'] })
  t.match(pre(row({ ...base, dateOfBirth: '1990-01-01' })), { dateOfBirth: null, doby: null, blanked: ['dateOfBirth'] }, 'wrong format')
  t.match(pre(row({ ...base, sex: 'U' })), { sex: null, blanked: ['sex'] }, 'a sex code the map does not list')
  const long = pre(row({ ...base, surname: 'x'.repeat(101), postcode: '1'.repeat(11), dateOfBirth: '32/01/1990', sex: '9' }))
  t.match(long, { surname: null, surnameSoundex: null, surnameNysiis: null, givenName: 'ANN', postcode: null, sex: null, dateOfBirth: null })
  t.same(!isInvalidRow(long) && [...long.blanked].sort(), ['dateOfBirth', 'postcode', 'sex', 'surname'], 'each failed field named once')
  const over = pre(row({ ...base, givenName: 'y'.repeat(101) }))
  t.match(over, { givenName: null, givenNameSoundex: null, givenNameNysiis: null, givenNameInitial: null, blanked: ['givenName'] })
  t.same(!isInvalidRow(pre(row(base))) && pre(row(base)), { ...pre(row(base)), blanked: [] }, 'nothing blanked on a clean row')
})

t.test('options: custom maps, truncated NYSIIS', async (t) => {
  const pre = rowPreprocessor({
    sexMap: { M: ['1'], F: ['2'], X: ['3'] },
    stateMap: { WA: ['5', 'West Australia'] },
    nysiisMaxLength: 6,
  })
  const result = pre(row({ sourceUniqueId: 'a', dateOfBirth: '1990-12-01', sex: '3', state: 'west australia', surname: 'Montgomery' }))
  t.match(result, { dateOfBirth: '1990-12-01', doby: 1990, sex: 'X', state: 'WA', surnameNysiis: 'MANTGA', blanked: [] })
  t.match(pre(row({ sourceUniqueId: 'a', state: 'Bavaria' })), { state: 'BAVARIA', blanked: [] }, 'an unlisted state is kept: states are not a closed list')
})

t.test('Bloom-encoded fields are stored as sent when they are one 1024-bit filter, else blanked and named', async (t) => {
  const filter = Buffer.alloc(128, 0x5a).toString('base64')
  const result = preprocessRow(row({ sourceUniqueId: 'r3', surnameBloom: ` ${filter} `, givenNameBloom: 'JOHN',
    suburbBloom: Buffer.alloc(64, 1).toString('base64'), addressLineBloom: filter.slice(0, -4) + '!!!!', middleNameBloom: '' }))
  t.notOk(isInvalidRow(result))
  t.match(result, { surnameBloom: filter, givenNameBloom: null, suburbBloom: null, addressLineBloom: null, middleNameBloom: null, aux: {} })
  t.same([...(result as { blanked: readonly string[] }).blanked].sort(), ['addressLineBloom', 'givenNameBloom', 'suburbBloom'])
})
