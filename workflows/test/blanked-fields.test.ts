import t from 'tap'
import pg from 'pg'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'

// No record is dropped for one bad field: through the real pipeline, a row with an impossible date of birth (or
// an unlisted sex code, or an over-long postcode) is loaded with that field blank, counted in the Load job's
// stats and the linkage report, and linked on its other fields. Only a missing Source Unique ID or a malformed
// row is rejected, and the notification names those rows without quoting their values.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())

const FORMAT = {
  name: 'Blanking test', columnType: 3,
  columns: [
    { name: 'rec_id', linkageField: 'sourceUniqueId' }, { name: 'given_name', linkageField: 'givenName' },
    { name: 'surname', linkageField: 'surname' }, { name: 'sex', linkageField: 'sex' },
    { name: 'address', linkageField: 'addressLine' }, { name: 'suburb', linkageField: 'suburb' },
    { name: 'postcode', linkageField: 'postcode' }, { name: 'dob', linkageField: 'dateOfBirth', format: 'dd/MM/yyyy' },
  ],
}
const csv = [
  'rec_id,given_name,surname,sex,address,suburb,postcode,dob',
  'rec-1-org,John,Smith,M,12 Wallaby Place,Delmar,2119,09/04/1956', // row 2
  'rec-1-dup-0,John,Smith,M,12 Wallaby Place,Delmar,2119,31/02/1956', // row 3: 31 February
  ',Jane,Doe,F,3 Oak Street,Milton,3165,01/01/1970', // row 4: no Source Unique ID → rejected
  'rec-3-org,Ann,Lee,F,5 Elm Road', // row 5: five columns of eight → rejected
  'rec-4-org,Mary,Brown,U,9 King Street,Marsden,12345678901,13/13/1980', // row 6: sex, postcode and date blanked
  'rec-4-dup-0,Mary,Brown,F,9 King Street,Marsden,3165,13/12/1980', // row 7
].join('\n') + '\n'

t.test('fields that fail their check are blanked and counted; the records load and link', async (t) => {
  const { project } = await configureProject(platform.url, platform.adminToken, { project: 'BLANKS', provider: 'BLANKS', eventTypes: ['BLANKS'], importFormat: FORMAT })
  const name = `blanks-${platform.namespace}`
  const zip = buildEnvelope({ project: 'BLANKS', sender: 'BLANKS', files: [{ fileName: 'people.csv', eventTypeCode: 'BLANKS', content: csv }] })
  t.equal((await uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip)).status, 201)
  const done = await waitForEnvelope(platform.url, platform.adminToken, name, 240_000) as { statusName: string }
  const notes = await api(platform.url, 'GET', `/api/v3.3/envelopes/${name}/notifications`, { token: platform.adminToken })
  t.equal(done.statusName, 'Complete', JSON.stringify(notes.json))

  const jobs = await api(platform.url, 'GET', `/api/v3.3/envelopes/${name}/jobs`, { token: platform.adminToken })
  const load = jobs.json.find((j: { name: string }) => j.name === 'Load Linkage Request')
  t.same(load.stats, [
    { name: 'Records read', value: '6' }, { name: 'Records invalid', value: '2' }, { name: 'Records added', value: '4' },
    { name: 'Fields blanked', value: '4' }, { name: 'Blanked dateOfBirth', value: '2' }, { name: 'Blanked sex', value: '1' },
    { name: 'Blanked postcode', value: '1' }, { name: 'Load threads', value: '1' },
  ], 'the Load job counts rejected rows and blanked fields (a small file is parsed on one thread)')

  const db = new pg.Client({ connectionString: platform.databaseUrl })
  await db.connect()
  t.teardown(() => db.end())
  const schema = `project_${project.id}`
  const stored = await db.query(`select r."sourceUniqueId" as id, r."dateOfBirth" as dob, r.doby, r.sex, r.postcode, r.surname, k.key_number
    from ${schema}.records r left join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null order by r."sourceUniqueId"`)
  const byId = new Map(stored.rows.map((r) => [r.id as string, r]))
  t.same([...byId.keys()], ['rec-1-dup-0', 'rec-1-org', 'rec-4-dup-0', 'rec-4-org'], 'every record with a Source Unique ID is stored')
  t.match(byId.get('rec-1-dup-0'), { dob: null, doby: null, surname: 'SMITH', sex: 'M' }, 'the impossible date is stored blank, the rest as sent')
  t.match(byId.get('rec-4-org'), { dob: null, sex: null, postcode: null, surname: 'BROWN' })
  for (const r of stored.rows) t.ok(r.key_number !== null, `${r.id} has a linkage key`)
  t.equal(byId.get('rec-1-dup-0').key_number, byId.get('rec-1-org').key_number, 'the record with the blanked date links on its other fields')
  t.equal(byId.get('rec-4-org').key_number, byId.get('rec-4-dup-0').key_number, 'so does the record with three blanked fields')
  t.not(byId.get('rec-1-org').key_number, byId.get('rec-4-org').key_number, 'two people, two keys')

  const rejected = notes.json.find((n: { message: string }) => /were rejected/.test(n.message))
  t.match(rejected, { logLevel: 'Warning', attachmentFilename: String })
  t.match(rejected.message, /^2 of 6 rows of people\.csv were rejected/)
  t.match(rejected.message, /row 4 \(sourceUniqueId is empty\); row 5 \(has 5 columns; the header has 8\)/)
  const blanked = notes.json.find((n: { message: string }) => /stored blank/.test(n.message))
  t.match(blanked, { logLevel: 'Warning', message: /Records with a blanked field: dateOfBirth 2, sex 1, postcode 1\./ })
  for (const n of notes.json as { message: string }[]) {
    for (const value of ['Jane', 'Doe', 'Lee', '31/02/1956', '13/13/1980', '12345678901']) t.notOk(n.message.includes(value), `no notification quotes ${value}`)
  }

  const complete = notes.json.find((n: { message: string }) => n.message.startsWith('Linkage complete'))
  const download = await api(platform.url, 'GET', `/api/v3.3/notifications/${complete.id}/download`, { token: platform.adminToken })
  t.equal(download.status, 200)
  t.same(JSON.parse(download.text).loading, [{
    fileName: 'people.csv', eventTypeCode: 'BLANKS', rowsRead: 6, rowsRejected: 2, recordsAdded: 4,
    fieldsBlanked: { dateOfBirth: 2, sex: 1, postcode: 1 },
  }], 'the linkage report carries the per-field blanked counts')
})
