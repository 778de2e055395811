import t from 'tap'
import { caller, projectBody, startPlatform, strategyBody, UNAUTHORIZED } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)

// The registry side: a provider, a delimited import format and an event type whose data source uses it.
const provider = (await call('POST', '/dataproviders', { code: 'HEALTH', organisation: 'Department of Health', contactName: 'Data Custodian', email: 'custodian@health.example.org' })).json
const format = (await call('POST', '/importformats', { name: 'Admissions CSV', columnType: 2, columns: [
  { name: 'rec_id', linkageField: 'SourceUniqueId', index: 1 },
  { name: 'family_name', linkageField: 'surname', index: 2 },
  { name: 'dob', linkageField: 'dateOfBirth', index: 3, format: 'dd/MM/yyyy' },
  { name: 'gender', linkageField: 'sex', index: 4 },
  { name: 'ward', linkageField: '', index: 5 },
] })).json
const eventType = (await call('POST', '/eventtypes', { dataProviderId: provider.id, code: 'HOSPADM', description: 'Public hospital admissions',
  isAuthoritative: false, category: 'Hospital', dataSources: [{ dataSourceType: 'DelimitedFile', importFormatId: format.id, name: 'Admissions extract',
    settings: [{ name: 'columnSeparator', value: ',', isSecret: false }] }] })).json
await call('POST', '/projects', projectBody('DEMO', { eventTypeMembers: [{ eventTypeId: eventType.id, code: 'HOSPADM' }, { eventTypeId: 999, code: 'GHOST' }] }))
await call('POST', '/projects', projectBody('PPRL', { eventTypeMembers: [{ eventTypeId: eventType.id, code: 'HOSPADM' }] }))

t.test('the definition file is a JSON attachment with everything a builder needs', async (t) => {
  t.ok(eventType.id, 'the registry created the event type')
  const res = await call('GET', '/projects/DEMO/projectdefinitionfile/HOSPADM', undefined, await platform.token('viewer', ['DEMO']))
  t.equal(res.status, 200)
  t.match(res.headers.get('content-type'), /^application\/json/)
  t.equal(res.headers.get('content-disposition'), 'attachment; filename="DEMO-HOSPADM.json"')
  const file = res.json
  t.match(file, { formatVersion: 1, generatedOn: String, project: { code: 'DEMO', name: 'Project DEMO' }, matchProvider: 'Standard', bloom: null,
    eventType: { code: 'HOSPADM', description: 'Public hospital admissions', dataProviderCode: 'HEALTH' },
    importFormat: { name: 'Admissions CSV', columnType: 2, columnTypeName: 'DelimitedByIndex' } })
  t.equal(file.linkageFields.length, 11)
  t.same(file.linkageFields[0], { name: 'sourceUniqueId', displayName: 'Source Unique ID', maxLength: 64, required: true, canSpecifyFormat: false, format: null })
  t.match(file.linkageFields[5], { name: 'dateOfBirth', required: false, format: 'dd/MM/yyyy' })
  t.same(file.importColumns.map((c: { name: string; linkageField: string; preprocessing: string[] }) => [c.name, c.linkageField, c.preprocessing]), [
    ['rec_id', 'sourceUniqueId', ['trim']], ['family_name', 'surname', ['trim', 'removeAccents', 'upperCase', 'collapseSpaces']],
    ['dob', 'dateOfBirth', ['trim', 'parseDate']], ['gender', 'sex', ['trim', 'mapSex']], ['ward', '', ['trim']],
  ])
  t.match(file.importColumns[2], { index: 3, startPosition: null, endPosition: null, format: 'dd/MM/yyyy' })
  t.match(file.preprocessing, { dateOfBirthFormat: 'dd/MM/yyyy', outputDateFormat: 'yyyy-MM-dd', sexValues: { M: ['1', 'M', 'Male'] }, stateValues: { WA: Array } })
})

t.test('a Privacy project carries the Bloom parameters', async (t) => {
  const mf = { matchProviderFieldName: 'givenNameBloom', comparisonTypeName: 'Bloom', matchProbability: 0.9, nonMatchProbability: 0.01 }
  t.equal((await call('POST', '/projects/PPRL/matchconfig/strategies', strategyBody({ matchingFields: [mf] }))).status, 201)
  const file = (await call('GET', '/projects/PPRL/projectdefinitionfile/HOSPADM')).json
  t.equal(file.matchProvider, 'Privacy')
  t.match(file.bloom, { qgramLength: 2, filterBits: 1024, hashFunctions: 20, fields: [{ name: 'givenNameBloom', linkageField: 'givenName' }] })
})

t.test('errors and scope', async (t) => {
  const notMember = await call('GET', '/projects/DEMO/projectdefinitionfile/DEATHS')
  t.same([notMember.status, notMember.json], [404, { message: 'Event type resource can not be found.' }])
  t.same((await call('GET', '/projects/DEMO/projectdefinitionfile/GHOST')).json, { message: 'Event type resource can not be found.' })
  t.same((await call('GET', '/projects/NOPE/projectdefinitionfile/HOSPADM')).json, { message: 'Project resource can not be found.' })
  t.equal((await call('GET', '/projects/DEMO/projectdefinitionfile/HOSPADM', undefined, await platform.token('viewer', ['PPRL']))).status, 404)
  t.same((await call('GET', '/projects/DEMO/projectdefinitionfile/HOSPADM', undefined, null)).json, UNAUTHORIZED)
})
