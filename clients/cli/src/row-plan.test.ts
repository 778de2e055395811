import t from 'tap'
import { bloomEncode, bloomToBase64 } from '@ligature/engine'
import { parseMapping } from './mapping.js'
import { RowPlan, RowWriter } from './row-plan.js'
import { checkMapping } from './mapping.js'
import { privacyDefinition, standardDefinition } from '../test/fixtures.js'

const header = ['id', 'first', 'last', 'birth', 'gender', 'st', 'unit']
const mapping = parseMapping(`
version: 1
columns:
  rec_id: id
  given: first
  family: { source: last, clean: [removePunctuation] }
  dob: { source: birth, dateFormat: yyyy-MM-dd }
  sex: gender
  state: st
  ward: unit
`)

t.test('a row is mapped, cleaned with the platform steps and written in the import column formats', async (t) => {
  const plan = new RowPlan({ def: standardDefinition(), mapping, header })
  t.same(plan.row(['  A1 ', 'Zoë  Anne', "O'Brien-Smith", '1980-02-29', 'female', 'new south wales', ' 4B ']),
    { cells: ['A1', 'ZOE ANNE', 'OBRIENSMITH', '29/02/1980', 'F', 'NSW', '4B'] })
  t.same(plan.row(['A2', '', '', '', '', '', '']), { cells: ['A2', '', '', '', '', '', ''] }, 'blank optional fields stay blank')
})

t.test('every problem of a row is reported: required field, date, length', async (t) => {
  const plan = new RowPlan({ def: standardDefinition(), mapping, header })
  t.same(plan.row(['', 'x', 'y', '1980-13-01', '', '', '']), { errors: [
    'rec_id: sourceUniqueId is required but blank',
    'dob: "1980-13-01" has no month 13',
  ] })
  t.same(plan.row(['A3', 'x'.repeat(101), 'y', '1981-02-29', '', '', '']), { errors: [
    'given: givenName is 101 characters, more than its 100',
    'dob: "1981-02-29" is not a calendar date (day 29 of month 2)',
  ] })
  t.same(plan.row(['A4', 'x', 'y', '29/02/1980', '', '', '']), { errors: ['dob: "29/02/1980" does not match the date format yyyy-MM-dd'] })
})

t.test('the mapping is checked against the definition and the source header', async (t) => {
  const bad = parseMapping('columns:\n  given: first\n  nope: last\n  family: missing\n')
  t.same(checkMapping(bad, standardDefinition(), header), [
    'nope is not an import column of Admissions CSV (rec_id, given, family, dob, sex, state, ward).',
    'family: source column missing is not in the data file\'s header (id, first, last, birth, gender, st, unit).',
    'Map a source column to rec_id: it feeds the required field sourceUniqueId.',
  ])
  try { parseMapping('columns:\n  given: { source: first, clean: [shout] }\n'); t.fail('accepted an unknown transform') } catch (e) {
    t.match((e as { details: string[] }).details, [/unknown transform "shout"/])
  }
  t.throws(() => parseMapping('just text'), /needs a "columns:" section/)
})

t.test('Bloom encoding agrees byte for byte with the platform encoder, and clear identifiers are withheld', async (t) => {
  const secret = new TextEncoder().encode('a-shared-secret-of-the-providers')
  const plan = new RowPlan({ def: privacyDefinition(), mapping, header, secret })
  const result = plan.row(['B1', ' Zoë ', 'Smith', '1970-01-01', 'M', 'VIC', ''])
  if (!('cells' in result)) throw new Error(JSON.stringify(result))
  const enc = { secret, filterBits: 1024, hashCount: 20, q: 2, padded: true }
  t.same(result.cells.slice(0, 7), ['B1', '', '', '01/01/1970', 'M', 'VIC', ''], 'given name and surname are not sent in clear')
  t.equal(result.cells[7], bloomToBase64(bloomEncode('ZOE', enc)), 'givenNameBloom is the engine\'s filter of the cleaned value')
  t.equal(result.cells[8], bloomToBase64(bloomEncode('SMITH', enc)))
  t.equal(Buffer.from(result.cells[8]!, 'base64').length, 128, '1024 bits')
  const other = new RowPlan({ def: privacyDefinition(), mapping, header, secret: new TextEncoder().encode('another-secret-entirely-000') })
  t.not((other.row(['B1', 'Zoe', 'Smith', '', '', '', '']) as { cells: string[] }).cells[8], result.cells[8], 'another secret gives another filter')
  t.throws(() => new RowPlan({ def: privacyDefinition(), mapping, header }), /links on Bloom-encoded fields/)
  t.throws(() => new RowPlan({ def: standardDefinition(), mapping, header, secret }), /no Bloom-encoded fields/)
})

t.test('the writer follows the import format: by name, by index, fixed width', async (t) => {
  const def = standardDefinition()
  const byName = new RowWriter(def.importColumns.slice(0, 3), { columnType: 3, separator: ',', header: true })
  t.equal(byName.header(), 'rec_id,given,family\n')
  t.equal(byName.line(['1', 'A, B', 'say "hi"']), '1,"A, B","say ""hi"""\n')
  const cols = def.importColumns.slice(0, 2).map((c, i) => ({ ...c, index: i === 0 ? 3 : 1 }))
  t.equal(new RowWriter(cols, { columnType: 2, separator: '\t', header: false }).line(['id', 'g']), 'g\t\tid\n')
  const fixed = def.importColumns.slice(0, 2).map((c, i) => ({ ...c, index: null, startPosition: i * 4 + 1, endPosition: i * 4 + 4 }))
  const fw = new RowWriter(fixed, { columnType: 1, separator: ',', header: true })
  t.equal(fw.header(), null)
  t.equal(fw.line(['ab', 'c']), 'ab  c   \n', 'padded to every column end')
  t.equal(fw.fixedWidthProblem(['abcde', '']), 'rec_id: "abcde" is longer than its 4 positions')
})
