import t from 'tap'
import pg from 'pg'
import { configureProject, startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '../../src/worker.js'
import { febrlFile, febrlRow, gatewayClient } from '../support/gateway-client.js'

// Quality-review envelopes through the gateway, read back through extractions: a review joins two groups and
// splits another, a later linkage adds to reviewed groups without undoing either decision, rollback undoes it.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const { admin, call, ok, sendEnvelope, keyMap, rollback: rollbackProject } = gatewayClient(platform)

const person = (id: string, given: string, surname: string, dob: string) => febrlRow(id, given, surname, dob)
const ann = (id: string) => person(id, 'annabel', 'whitlock', '19710314')
const ben = (id: string) => person(id, 'benedict', 'okonkwo', '19850922')
const dan = (id: string) => person(id, 'dorothea', 'castellano', '19620707')
const eve = (id: string) => person(id, 'evander', 'marchetti', '19930418')

// Merge grouping: the rule that could join groups again, so the one the decisions must hold back.
const { project } = await configureProject(platform.url, admin, { project: 'QR', provider: 'QRPROV', eventTypes: ['ADM'], groupStrategy: 'MergeOnDisk' })
const send = (name: string, requestType: string, content: string) =>
  sendEnvelope(name, { project: 'QR', sender: 'QRPROV', requestType, files: [{ fileName: 'f.csv', eventTypeCode: 'ADM', content }] })
const load = (name: string, rows: string[]) => send(name, 'SubmitLinkage', febrlFile(rows))
const mapOf = (extractionProjectId: string) => keyMap(extractionProjectId, 'QR', 'ADM')
const rollback = (reason: string) => rollbackProject(project.id, reason)
const db = new pg.Client({ connectionString: platform.databaseUrl })
await db.connect()
t.teardown(() => db.end())
const decisions = async () => (await db.query(`select count(*) filter (where to_revision is null)::int as current, count(*)::int as total
  from project_${project.id}.review_decisions`)).rows[0] as { current: number; total: number }

await load('qr-1', [ann('a1'), ann('a2'), ben('b1'), dan('d1'), eve('e1')])
const enduring = (await ok('POST', '/extractionprojects', { projectId: project.id, code: 'QR-KEYS', description: 'feed', useEnduringLinkageKeys: true })).id as string
const map1 = await mapOf(enduring)
let map2: Record<string, string> = {}

t.test('a review joins two groups and splits another; unknown rows are reported, not fatal', async (t) => {
  t.equal(map1.a1, map1.a2, 'the linkage put the two annabel records together')
  t.not(map1.d1, map1.e1)
  const file = ['QR,a1,ADM,keep', 'QR,a2,ADM,apart', 'QR,d1,ADM,joined', 'QR,e1,ADM,joined', 'QR,zz-unknown,ADM,keep', 'OTHER,b1,ADM,keep'].join('\n') + '\n'
  const done = await send('qr-review', 'SubmitQualityReview', file)
  const notes = await ok('GET', '/envelopes/qr-review/notifications')
  t.match(done, { statusName: 'Complete', type: 5, typeName: 'QualityReview' }, JSON.stringify(notes))
  t.match(notes, [{ logLevel: 'Warning', message: /4 records placed; 3 groups became 3.*Of 6 rows, 1 not live records of the project: line 5 \(zz-unknown\); 1 skipped \(1 of another project/ }])
  const [job] = await ok('GET', '/envelopes/qr-review/jobs')
  t.match(job, { name: 'Quality Review', state: 'Complete' })
  t.match(job.stats, [{ name: 'Rows read', value: '6' }, { name: 'Records placed', value: '4' }, { name: 'Ids not found', value: '1' }, { name: 'Rows of another project', value: '1' }])
  map2 = await mapOf(enduring)
  t.not(map2.a1, map2.a2, 'split')
  t.equal(map2.a1, map1.a1, 'the oldest record keeps the split key')
  t.equal(map2.d1, map2.e1, 'joined')
  t.equal(map2.d1, map1.d1, 'the join keeps the older key')
  t.equal(map2.b1, map1.b1, 'other groups are untouched')
  t.same(await decisions(), { current: 4, total: 4 })
})

t.test('a later linkage adds new records to reviewed groups but undoes neither decision', async (t) => {
  await load('qr-2', [ann('a3'), dan('d2'), eve('e2')])
  const map3 = await mapOf(enduring)
  t.not(map3.a1, map3.a2, 'a3 matches both annabel records, yet they stay apart')
  t.ok(map3.a3 === map3.a1 || map3.a3 === map3.a2, 'a3 joins one of them')
  t.equal(map3.d2, map3.d1, 'd2 joins the reviewed group')
  t.equal(map3.e2, map3.d1, 'so does e2')
  t.equal(map3.e1, map3.d1, 'and the join holds')
  const link = (await ok('GET', '/envelopes/qr-2/jobs')).find((j: { name: string }) => j.name === 'Link')
  t.ok(link, 'the linkage ran')
})

t.test('rollback undoes the linkage, then the review: exact earlier maps, decisions ended not deleted', async (t) => {
  t.equal((await rollback('qr-2 was a test')).statusName, 'Complete')
  t.same(await mapOf(enduring), map2, 'the map after the review, exactly')
  t.same(await decisions(), { current: 4, total: 4 })
  t.equal((await rollback('the review was wrong')).statusName, 'Complete')
  t.same(await mapOf(enduring), map1, 'the map before the review, exactly')
  t.same(await decisions(), { current: 0, total: 4 }, 'its decisions no longer apply, and are kept as history')
  const jobs = (await ok('GET', '/jobs?limit=1000')).filter((j: { name: string }) => j.name === 'Rollback')
  t.match(jobs.find((j: { stats: { name: string; value: string }[] }) => j.stats.some((s) => s.name === 'Undone' && s.value.startsWith('review'))).stats,
    [{}, {}, {}, {}, {}, {}, { name: 'Review decisions ended', value: '4' }])
  t.match(await ok('GET', '/envelopes/qr-review/notifications'), [{}, { logLevel: 'Warning', message: /Rolled back by .*the review of revision \d+ is undone.*Reason: the review was wrong/ }])
  // With the decisions gone, the annabel records link as before.
  await load('qr-3', [ann('a4')])
  const map4 = await mapOf(enduring)
  t.equal(map4.a4, map1.a1)
  t.equal(map4.a2, map1.a1)
})

t.test('SubmitBatchQualityReview is the same envelope', async (t) => {
  const done = await send('qr-batch', 'SubmitBatchQualityReview', 'QR,a1,ADM,x\nQR,a2,ADM,y\n')
  t.match(done, { statusName: 'Complete', type: 5 })
  const map5 = await mapOf(enduring)
  t.not(map5.a1, map5.a2)
})

t.test('a linkage lists its pairs just above threshold as a ready-to-edit review file, which goes back as a review', async (t) => {
  const { eventTypes: [emr] } = await configureProject(platform.url, admin, { project: 'CR', provider: 'CRPROV', eventTypes: ['EMR'] })
  // Authoritative: each record a different person, so the groups of w1+w2 and of k1+k2 are flagged.
  const { id: _id, ...input } = await ok('GET', `/eventtypes/${emr.id}`)
  await ok('PUT', `/eventtypes/${emr.id}`, { ...input, isAuthoritative: true })
  // Same surname and address, other given name and birth date: about 16 against a threshold of 14.
  const rows = [person('w1', 'annabel', 'whitlock', '19710314'), person('w2', 'oscar', 'whitlock', '19800101'), ben('k1'), ben('k2')]
  const sendCr = (name: string, requestType: string, content: string) =>
    sendEnvelope(name, { project: 'CR', sender: 'CRPROV', requestType, files: [{ fileName: 'f.csv', eventTypeCode: 'EMR', content }] })
  t.match(await sendCr('cr-1', 'SubmitLinkage', febrlFile(rows)), { statusName: 'Complete' })
  const notes = await ok('GET', '/envelopes/cr-1/notifications')
  const clerical = notes.find((n: { message: string }) => n.message.startsWith('Clerical review'))
  t.match(clerical, { logLevel: 'Information', attachmentFilename: 'cr-1-clerical-review.csv',
    message: /^Clerical review: 1 pairs of this linkage scored less than 4 above their strategy's threshold \(1 of them linked, 0 in different groups\), and 2 groups it touched hold two or more records of one authoritative event type\. The attached quality-review file lists their 4 records/ }, JSON.stringify(notes))
  const file = (await call('GET', `/notifications/${clerical.id}/download`)).text
  t.match(file, /^CR,w1,EMR,(LK\d{12})\nCR,w2,EMR,\1\nCR,k1,EMR,(LK\d{12})\nCR,k2,EMR,\2\n$/, 'the pair and the flagged group, labelled with their keys')
  // The same list through the documented calls (GET /clericalreviews...), as the results service keeps it.
  const [listed, ...more] = await ok('GET', '/clericalreviews?projectCode=CR&envelopeName=cr-1')
  t.same(more, [], 'one list for the linkage')
  const linkages = (await ok('GET', '/linkages?limit=1000')).filter((l: { projectCode: string }) => l.projectCode === 'CR')
  t.equal(linkages.length, 1, "cr-1's linkage is the project's only one")
  const [linkage] = linkages
  t.match(listed, { projectCode: 'CR', envelopeName: 'cr-1', linkageId: linkage?.id ?? -1, pairs: 1, pairsLinked: 1, flaggedGroups: 2, records: 4, fileName: 'cr-1-clerical-review.csv' })
  t.same(await ok('GET', `/clericalreviews/${listed.id}`), listed)
  const download = await call('GET', `/clericalreviews/${listed.id}/download`)
  t.equal(download.text, file, 'the download is the attachment, byte for byte')
  // Printed for the portal page (guides/quality-review.mdx): a real answer.
  t.comment(JSON.stringify(listed, null, 2))
  // The reviewer decides they are two people: a new label for one row, then the file goes back as it is.
  t.match(await sendCr('cr-review', 'SubmitQualityReview', file.replace(/(CR,w2,EMR,)LK\d+/, '$1other-person')), { statusName: 'Complete', type: 5 })
  const schema = `project_${(await ok('GET', '/projects/CR')).id}`
  const db2 = await db.query(`select r."sourceUniqueId" as suid, k.key_number::int as key from ${schema}.records r
    join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null order by 1`)
  const keys = Object.fromEntries(db2.rows.map((r: { suid: string; key: number }) => [r.suid, r.key]))
  t.not(keys.w1, keys.w2, 'split as the reviewer decided')
  t.equal(keys.k1, keys.k2, 'the rows left as they were keep their group')
})
