import t from 'tap'
import { Client, Connection } from '@temporalio/client'
import { buildEnvelope, configureProject, manifestXml, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { buildZip } from '../src/loading/envelope/zip-fixture.js'
import { startWorkerProcess } from '../src/worker.js'
import { gatewayClient } from './support/gateway-client.js'
import { csvRows, unzipText } from './support/unzip.js'

// Keys out, through the gateway: snapshot and enduring extraction projects, POST /extractions run in Temporal,
// result zips, extraction settings, deletes, refusals, and an extraction envelope naming Source Unique IDs.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const connection = await Connection.connect({ address: platform.workerConfig().TEMPORAL_ADDRESS })
t.teardown(() => connection.close())
const temporal = new Client({ connection })

const { admin, call, ok } = gatewayClient(platform)

const HEADER = 'rec_id,given_name,surname,street_number,address_1,address_2,suburb,postcode,state,date_of_birth,soc_sec_id'
const person = (id: string, given: string, surname: string, dob: string, ssn: string) =>
  `${id},${given},${surname},12,main street,,springfield,2600,act,${dob},${ssn}`
const annA = (id: string) => person(id, 'annabel', 'whitlock', '19710314', 'SSN-A')
const benB = (id: string) => person(id, 'benedict', 'okonkwo', '19850922', 'SSN-B')

const { project } = await configureProject(platform.url, admin, { project: 'EXT', provider: 'HOSP', eventTypes: ['ADM', 'DTH'], groupStrategy: 'MergeInMemory' })
await configureProject(platform.url, admin, { project: 'OTHERP', provider: 'CLINIC', eventTypes: ['VISIT'], groupStrategy: 'MergeInMemory' })

async function load(name: string, files: { eventTypeCode: string; rows: string[] }[]) {
  const zip = buildEnvelope({ project: 'EXT', sender: 'HOSP', files: files.map((f, i) => ({ fileName: `f${i}.csv`, eventTypeCode: f.eventTypeCode, content: [HEADER, ...f.rows].join('\n') + '\n' })) })
  const up = await uploadEnvelope(platform.url, admin, `${name}.zip`, zip)
  if (up.status !== 201) throw new Error(`upload ${name}: ${up.status}`)
  const done = await waitForEnvelope(platform.url, admin, name, 120_000)
  if (done.statusName !== 'Complete') throw new Error(`${name}: ${JSON.stringify((await call('GET', `/envelopes/${name}/notifications`)).json)}`)
}

async function extract(extractionProjectId: string, eventTypeCode: string) {
  const res = await call('POST', '/extractions', { extractionProjectId, projectCode: 'EXT', eventTypeCode })
  if (res.status !== 201) throw new Error(`POST /extractions: ${res.status} ${res.text}`)
  return res
}
async function waitExtraction(id: number) {
  const deadline = Date.now() + 120_000
  for (;;) {
    const x = await ok('GET', `/extractions/${id}`)
    if (x.callStatus >= 3 || Date.now() > deadline) return x
    await new Promise((r) => setTimeout(r, 200))
  }
}
async function resultOf(extractionId: number) {
  const results = await ok('GET', `/extractions/${extractionId}/results`)
  const download = await fetch(`${platform.url}/api/v3.3/results/${results[0].id}/download`, { headers: { authorization: `Bearer ${admin}` } })
  const files = await unzipText(Buffer.from(await download.arrayBuffer()))
  return { result: results[0], download, files }
}
async function mapOf(extractionProjectId: string, eventTypeCode: string) {
  const { json } = await extract(extractionProjectId, eventTypeCode)
  const done = await waitExtraction(json.id)
  if (done.statusName !== 'Complete') throw new Error(`extraction ${json.id} ${done.statusName}`)
  const { files } = await resultOf(json.id)
  return new Map(csvRows(files.get('data-extract.csv')!).map((r) => [r['Source Unique ID']!, r['Person Key']!]))
}
const newEp = async (code: string, enduring: boolean, projectId = project.id) =>
  (await ok('POST', '/extractionprojects', { projectId, code, description: `${code} extraction`, useEnduringLinkageKeys: enduring })).id as string

await load('ext-first', [{ eventTypeCode: 'ADM', rows: [annA('a1'), annA('a2'), benB('b1')] }, { eventTypeCode: 'DTH', rows: [annA('a3')] }])
const snap1 = await newEp('EXT-SNAP-1', false)
const snap2 = await newEp('EXT-SNAP-2', false)
const enduring = await newEp('EXT-ENDURING', true)
// Loaded after the snapshot projects were created: a new record of Ann, and a new person.
await load('ext-second', [{ eventTypeCode: 'ADM', rows: [annA('a4'), person('d1', 'dorothea', 'vasquez', '19600101', 'SSN-D')] }])

t.test('POST /extractions answers Pending at once, then runs as workflow extraction:<id> with a job and a notification', async (t) => {
  const res = await extract(snap1, 'ADM')
  t.match(res.json, { extractionProjectId: snap1, projectCode: 'EXT', eventTypeCode: 'ADM', status: 0, statusName: 'Pending', callStatus: 1 })
  t.equal(res.headers.get('location'), `/api/v3.3/extractions/${res.json.id}`)
  const done = await waitExtraction(res.json.id)
  t.match(done, { status: 3, callStatus: 4, statusName: 'Complete' }, 'the schema reads 3, the calls 4')
  const handle = temporal.workflow.getHandle(`${platform.namespace}/extraction:${res.json.id}`)
  // Complete is recorded by the workflow's last activity, so the workflow itself may still be closing.
  await handle.result()
  t.equal((await handle.describe()).status.name, 'COMPLETED')
  const jobs = (await ok('GET', '/jobs?limit=1000')).filter((j: { name: string }) => j.name === 'Extract Linkage Map')
  t.ok(jobs.length >= 1 && jobs.every((j: { state: string }) => j.state === 'Complete'))
  const stat = (name: string) => jobs[jobs.length - 1].stats.find((s: { name: string }) => s.name === name)?.value
  t.equal(stat('Records extracted'), '3')
  const note = await ok('GET', `/notifications/${stat('Notification')}`)
  t.match(note, { logLevel: 'Information', message: /Extraction of ADM into E\d+ complete: 3 records/ })
  t.equal((await ok('GET', `/extractionprojects/${snap1}/extractions`))[0].id, res.json.id)
})

t.test('the result zip holds manifest.xml and data-extract.csv with the seven columns', async (t) => {
  const { json } = await extract(snap1, 'ADM')
  await waitExtraction(json.id)
  const { result, download, files } = await resultOf(json.id)
  t.match(result, { extractionId: json.id, sender: 'HOSP', canDownload: true, name: `${snap1}_ADM_${json.id}.zip` })
  t.equal(download.headers.get('content-type'), 'application/octet-stream')
  t.same([...files.keys()].sort(), ['data-extract.csv', 'manifest.xml'])
  t.match(files.get('manifest.xml'), /<LinkageProject>EXT<\/LinkageProject>[\s\S]*<Sender>HOSP<\/Sender>[\s\S]*<ExtractionProject>E\d+<\/ExtractionProject>[\s\S]*datasource="ADM" rows="3"/)
  const rows = csvRows(files.get('data-extract.csv')!)
  t.same(Object.keys(rows[0]!), ['Person Key', 'Source Unique ID', 'Event Type Code', 'Linkage Project Code', 'Source Person ID', 'Extraction Project ID', 'Linked Project Person Key'])
  t.match(rows.find((r) => r['Source Unique ID'] === 'a1'), { 'Event Type Code': 'ADM', 'Linkage Project Code': 'EXT', 'Source Person ID': 'SSN-A', 'Extraction Project ID': snap1, 'Linked Project Person Key': '' })
})

t.test('a snapshot is the map as it stood when its extraction project was created, with masked keys', async (t) => {
  const adm1 = await mapOf(snap1, 'ADM')
  t.same([...adm1.keys()].sort(), ['a1', 'a2', 'b1'], 'records loaded afterwards are not in it')
  t.match(adm1.get('a1'), /^[0-9A-F]{13}$/)
  t.equal(adm1.get('a1'), adm1.get('a2'), 'one person, one key')
  t.not(adm1.get('a1'), adm1.get('b1'))
  const dth1 = await mapOf(snap1, 'DTH')
  t.equal(dth1.get('a3'), adm1.get('a1'), 'the same key across event types within one extraction project')
  const adm2 = await mapOf(snap2, 'ADM')
  t.same([...adm2.keys()].sort(), ['a1', 'a2', 'b1'])
  t.not(adm2.get('a1'), adm1.get('a1'), 'another extraction project masks the same person differently')
  t.equal(adm2.get('a1'), adm2.get('a2'), 'but partitions the records identically')
  t.not(adm2.get('a1'), adm2.get('b1'))
})

t.test('an enduring extraction reads the current map with stable LK keys, later records included', async (t) => {
  const first = await mapOf(enduring, 'ADM')
  t.same([...first.keys()].sort(), ['a1', 'a2', 'a4', 'b1', 'd1'])
  t.match(first.get('a1'), /^LK\d{12}$/)
  t.equal(first.get('a4'), first.get('a1'), 'the later record joined its person')
  await load('ext-third', [{ eventTypeCode: 'DTH', rows: [benB('b2')] }])
  const again = await mapOf(enduring, 'ADM')
  t.same(again, first, 'a second extraction gives the same keys for unchanged people')
  const deaths = await mapOf(enduring, 'DTH')
  t.equal(deaths.get('b2'), first.get('b1'))
  t.equal(deaths.get('a3'), first.get('a1'))
})

t.test('the project\'s extraction settings choose, order and rename columns and set the delimiter', async (t) => {
  const defaults = await ok('GET', `/projects/${project.id}/extractionsettings`)
  t.equal(defaults.columns.length, 7)
  t.equal(defaults.delimiter, ',')
  t.equal(defaults.version, null)
  const put = await call('PUT', `/projects/${project.id}/extractionsettings`, { columns: [{ column: 'sourceUniqueId', name: 'rec_id' }, { column: 'personKey', name: 'ppn' }], delimiter: ';', version: null })
  t.equal(put.status, 204)
  const v1 = (await ok('GET', `/projects/${project.id}/extractionsettings`)).version
  t.equal((await call('PUT', `/projects/${project.id}/extractionsettings`, { columns: [{ column: 'sourceUniqueId', name: 'rec_id' }, { column: 'personKey', name: 'ppn' }], delimiter: ';', version: v1 })).status, 204)
  const stale = await call('PUT', `/projects/${project.id}/extractionsettings`, { ...defaults, version: v1 })
  t.equal(stale.status, 409, 'the version read must still be current')
  t.equal((await call('PUT', `/projects/${project.id}/extractionsettings`, { columns: [{ column: 'personKey', name: 'a' }, { column: 'personKey', name: 'b' }], delimiter: ',' })).status, 400)
  const { json } = await extract(enduring, 'DTH')
  await waitExtraction(json.id)
  const { files } = await resultOf(json.id)
  const lines = files.get('data-extract.csv')!.trimEnd().split('\r\n')
  t.equal(lines[0], 'rec_id;ppn')
  t.match(lines.slice(1).sort(), [/^a3;LK\d{12}$/, /^b2;LK\d{12}$/])
  const saved = await ok('GET', `/projects/${project.id}/extractionsettings`)
  t.equal((await call('PUT', `/projects/${project.id}/extractionsettings`, { ...defaults, version: saved.version })).status, 204, 'back to the defaults')
})

t.test('DELETE /results/{id}: 204, then canDownload false, download refused, and 304', async (t) => {
  const { json } = await extract(snap2, 'DTH')
  await waitExtraction(json.id)
  const [result] = await ok('GET', `/extractions/${json.id}/results`)
  t.equal((await call('DELETE', `/results/${result.id}`)).status, 204)
  t.match((await ok('GET', `/results/${result.id}`)), { id: result.id, canDownload: false })
  const refused = await call('GET', `/results/${result.id}/download`)
  t.same([refused.status, refused.json], [410, { message: 'Result file was deleted.' }])
  const again = await call('DELETE', `/results/${result.id}`)
  t.same([again.status, again.headers.get('x-ligature-message')], [304, 'Result file is already deleted.'])
  t.ok((await ok('GET', '/results?limit=1000')).some((r: { id: number }) => r.id === result.id), 'the result stays listed')
})

t.test('unknown ids answer 404 with the catalogue message', async (t) => {
  t.same((await call('GET', '/extractions/999999')).json, { message: 'Extraction resource can not be found.' })
  t.same((await call('GET', '/results/999999')).json, { message: 'Result resource can not be found.' })
  t.equal((await call('GET', '/results/999999/download')).status, 404)
  t.equal((await call('DELETE', '/results/999999')).status, 404)
  t.equal((await call('GET', '/extractions/999999/results')).status, 404)
  t.same((await call('GET', '/extractionprojects/E200001999/extractions')).json, { message: 'Extraction project resource can not be found.' })
})

t.test('refused requests queue nothing', async (t) => {
  const before = (await call('GET', '/extractions')).headers.get('x-total-count')
  const otherEp = await newEp('OTHER-EP', true, (await ok('GET', '/projects/OTHERP?byCode=true')).id)
  const cases: [unknown, number, RegExp][] = [
    [{ extractionProjectId: snap1, projectCode: 'EXT', eventTypeCode: 'VISIT' }, 400, /not a member/],
    [{ extractionProjectId: 'E200001999', projectCode: 'EXT', eventTypeCode: 'ADM' }, 404, /Extraction project resource/],
    [{ extractionProjectId: otherEp, projectCode: 'EXT', eventTypeCode: 'ADM' }, 400, /another project/],
    [{ extractionProjectId: snap1, projectCode: 'NOPE', eventTypeCode: 'ADM' }, 404, /Project resource/],
    [{ extractionProjectId: snap1, projectCode: 'EXT' }, 400, /not valid/],
  ]
  for (const [body, status, message] of cases) {
    const res = await call('POST', '/extractions', body)
    t.equal(res.status, status, JSON.stringify(body))
    t.match(res.text, message)
  }
  t.equal((await call('POST', '/extractions', { extractionProjectId: snap1, projectCode: 'EXT', eventTypeCode: 'ADM' }, await platform.token('custodian', ['OTHERP']))).status, 401)
  t.equal((await call('GET', '/extractions')).headers.get('x-total-count'), before, 'no extraction was stored')
})

t.test('visibility follows the caller\'s projects', async (t) => {
  const outsider = await platform.token('viewer', ['OTHERP'])
  const insider = await platform.token('viewer', ['EXT'])
  const [some] = await ok('GET', '/extractions?limit=1')
  t.equal((await call('GET', `/extractions/${some.id}`, undefined, outsider)).status, 404)
  t.equal((await call('GET', '/extractions', undefined, outsider)).headers.get('x-total-count'), '0')
  t.equal((await call('GET', '/results', undefined, outsider)).headers.get('x-total-count'), '0')
  t.equal((await call('GET', `/extractions/${some.id}`, undefined, insider)).status, 200)
  t.equal((await call('GET', `/extractionprojects/${snap1}/extractions`, undefined, outsider)).status, 404)
})

t.test('an extraction envelope extracts the listed ids and reports the unknown ones', async (t) => {
  const name = 'ext-request'
  // One extraction project per envelope, named in the manifest (DECISIONS.md); the file lists ids one per line.
  const manifest = manifestXml({ project: 'EXT', sender: 'HOSP', requestType: 'SubmitExtraction', files: [{ fileName: 'ids.txt', eventTypeCode: 'ADM', content: '' }] })
    .replace('<NumberOfDataFiles>', `<ExtractionProject>${snap1}</ExtractionProject>\n  <NumberOfDataFiles>`)
  const envelope = buildZip([{ name: 'manifest.xml', data: manifest }, { name: 'ids.txt', data: 'a1\r\n\r\nb1\nzz-unknown\na1\n' }])
  t.equal((await uploadEnvelope(platform.url, admin, `${name}.zip`, envelope)).status, 201)
  const done = await waitForEnvelope(platform.url, admin, name, 120_000)
  const notes = (await ok('GET', `/envelopes/${name}/notifications`))
  t.equal(done.statusName, 'Complete', JSON.stringify(notes))
  t.match(done, { type: 2, typeName: 'Extraction' })
  t.match(notes, [{ logLevel: 'Warning', message: /1 of the 3 requested Source Unique IDs are not in the linkage map .*: zz-unknown\./ }])
  const extractions = await ok('GET', `/envelopes/${name}/extractions`)
  t.match(extractions, [{ extractionProjectId: snap1, eventTypeCode: 'ADM', statusName: 'Complete' }])
  const { files } = await resultOf(extractions[0].id)
  const rows = csvRows(files.get('data-extract.csv')!)
  t.same(rows.map((r) => r['Source Unique ID']).sort(), ['a1', 'b1'])
  const snapshot = await mapOf(snap1, 'ADM')
  t.equal(rows.find((r) => r['Source Unique ID'] === 'a1')!['Person Key'], snapshot.get('a1'), 'the same masked key as the whole map')
  const jobs = await ok('GET', `/envelopes/${name}/jobs`)
  t.match(jobs, [{ name: 'Extract Linkage Map', state: 'Complete' }])
  t.equal((await call('GET', '/envelopes/no-such-envelope/extractions')).status, 404)
})

t.test('an extraction envelope without an ExtractionProject fails and says why', async (t) => {
  const zip = buildEnvelope({ project: 'EXT', sender: 'HOSP', requestType: 'SubmitExtraction', files: [{ fileName: 'ids.txt', eventTypeCode: 'ADM', content: 'a1\n' }] })
  t.equal((await uploadEnvelope(platform.url, admin, 'ext-no-ep.zip', zip)).status, 201)
  const done = await waitForEnvelope(platform.url, admin, 'ext-no-ep', 60_000)
  t.equal(done.statusName, 'Failed')
  t.match((await ok('GET', '/envelopes/ext-no-ep/notifications')), [{ logLevel: 'Error', message: /ExtractionProject is missing/ }])
})
