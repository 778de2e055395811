import t from 'tap'
import { configureProject, startPlatform } from '@ligature/testkit'
import type { KeyLineage } from '@ligature/contracts'
import { startWorkerProcess } from '../../src/worker.js'
import { febrlFile, febrlRow, gatewayClient } from '../support/gateway-client.js'
import { csvRows } from '../support/unzip.js'

// Key lineage end to end through the gateway: a quality review merges two groups, the worker publishes the move
// to the results service, a key holder reads and follows it (GET /projects/{id}/keylineage) and sees it in the
// Previous Enduring Keys column of an enduring extraction (blank in a snapshot); rollback takes it back. The
// linkage report JSON carries the linkage's clerical-review figures and the stored list's id.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const { admin, call, ok, wait, sendEnvelope, extractFiles } = gatewayClient(platform)

const person = (id: string, given: string, surname: string, dob: string) => febrlRow(id, given, surname, dob)
const ben = (id: string) => person(id, 'benedict', 'okonkwo', '19850922')
const { project, eventTypes: [emr] } = await configureProject(platform.url, admin, { project: 'KL', provider: 'KLPROV', eventTypes: ['EMR'] })
// Authoritative: each record a different person, so a group holding two is flagged for clerical review.
const { id: _id, ...emrInput } = await ok('GET', `/eventtypes/${emr.id}`)
await ok('PUT', `/eventtypes/${emr.id}`, { ...emrInput, isAuthoritative: true })
const send = (name: string, requestType: string, content: string) =>
  sendEnvelope(name, { project: 'KL', sender: 'KLPROV', requestType, files: [{ fileName: 'f.csv', eventTypeCode: 'EMR', content }] })

// w1/w2: same surname and address, other given name and birth date (a pair just above threshold); k1/k2 one
// person (a flagged group); d1 and e1 two people, until a reviewer says otherwise.
const loaded = await send('kl-1', 'SubmitLinkage', febrlFile([person('w1', 'annabel', 'whitlock', '19710314'), person('w2', 'oscar', 'whitlock', '19800101'),
  ben('k1'), ben('k2'), person('d1', 'dorothea', 'castellano', '19620707'), person('e1', 'evander', 'marchetti', '19930418')]))
const enduring = (await ok('POST', '/extractionprojects', { projectId: project.id, code: 'KL-KEYS', description: 'feed', useEnduringLinkageKeys: true })).id as string
const rowsOf = async (extractionProjectId: string) =>
  Object.fromEntries(csvRows((await extractFiles(extractionProjectId, 'KL', 'EMR')).get('data-extract.csv')!).map((r) => [r['Source Unique ID']!, r]))
const before = await rowsOf(enduring)
const lineage = (query = '') => ok('GET', `/projects/${project.id}/keylineage${query}`) as Promise<KeyLineage[]>

t.test('the linkage report JSON carries the clerical-review figures and the stored list', async (t) => {
  t.match(loaded, { statusName: 'Complete' })
  const notes = await ok('GET', '/envelopes/kl-1/notifications')
  const complete = notes.find((n: { message: string }) => n.message.startsWith('Linkage complete'))
  t.match(complete, { attachmentFilename: 'kl-1-linkage-report.json' })
  const report = JSON.parse((await call('GET', `/notifications/${complete.id}/download`)).text)
  const [listed] = await ok('GET', '/clericalreviews?envelopeName=kl-1')
  t.match(listed, { pairs: 1, pairsLinked: 1, flaggedGroups: 2, records: 4 })
  t.same(report.clericalReview, { pairs: 1, pairsLinked: 1, flaggedGroups: 2, records: 4, clericalReviewId: listed.id }, 'the same figures as GET /clericalreviews/{id}')
  t.ok(notes.findIndex((n: { message: string }) => n.message.startsWith('Clerical review')) > notes.indexOf(complete), 'the list is still sent after the report')
  // Printed for the portal page (guides/quality-review.mdx): a real answer.
  t.comment(JSON.stringify({ groupsForReview: report.groupsForReview, clericalReview: report.clericalReview }, null, 2))
  t.same(await lineage(), [], "a linkage's first keys are not lineage")
})

t.test('a review that merges two groups is published: ended key → surviving key, and the key can be followed', async (t) => {
  const [d1, e1] = [before.d1!['Person Key']!, before.e1!['Person Key']!]
  t.not(d1, e1)
  t.match(await send('kl-review', 'SubmitQualityReview', 'KL,d1,EMR,joined\nKL,e1,EMR,joined\n'), { statusName: 'Complete' })
  const moves = await wait<KeyLineage[]>(`/projects/${project.id}/keylineage`, (x) => x.length > 0)
  const [older, newer] = [d1, e1].sort()
  t.match(moves, [{ projectCode: 'KL', revision: Number, changedAt: String, fromKey: newer, toKey: older, recordsMoved: 1, fromKeyEnded: true, undoneByRevision: null, undoneAt: null }],
    'the join keeps the older key; the other ended in it')
  t.equal(moves.length, 1)
  t.same(await lineage(`?key=${newer}`), moves, 'following the ended key leads to the key its records took')
  t.same(await lineage(`?key=${older}`), moves)
  t.same(await lineage('?key=LK999999999999'), [])
  t.same(await lineage(`?fromRevision=${moves[0]!.revision + 1}`), [])
  t.same(await ok('GET', `/projects/KL/keylineage?key=${newer}`), moves, 'the project by code too')
  // Printed for the portal page (guides/extracting-data/key-lineage.mdx): a real answer.
  t.comment(JSON.stringify(moves, null, 2))
})

let snapshot = ''
t.test('Previous Enduring Keys: filled in an enduring extraction, blank in a snapshot', async (t) => {
  const settings = await ok('GET', `/projects/${project.id}/extractionsettings`)
  t.notOk(settings.columns.some((c: { column: string }) => c.column === 'previousEnduringKeys'), 'not a default column')
  t.equal((await call('PUT', `/projects/${project.id}/extractionsettings`, {
    ...settings, columns: [...settings.columns, { column: 'previousEnduringKeys', name: 'Previous Enduring Keys' }],
  })).status, 204)
  const after = await rowsOf(enduring)
  const merged = [before.d1!['Person Key']!, before.e1!['Person Key']!].sort()
  t.equal(after.d1!['Person Key'], merged[0])
  t.equal(after.e1!['Person Key'], merged[0], 'e1 now has the surviving key')
  t.equal(after.d1!['Previous Enduring Keys'], merged[1], 'the key that ended in it')
  t.equal(after.e1!['Previous Enduring Keys'], merged[1])
  for (const id of ['w1', 'w2', 'k1', 'k2']) t.equal(after[id]!['Previous Enduring Keys'], '', `${id}: its key never took another's records`)
  // Printed for the portal page (guides/extracting-data/key-lineage.mdx): the real lines.
  t.comment(['Source Unique ID,Person Key,Previous Enduring Keys', ...['d1', 'e1', 'k1'].map((id) => [id, after[id]!['Person Key'], after[id]!['Previous Enduring Keys']].join(','))].join('\n'))
  snapshot = (await ok('POST', '/extractionprojects', { projectId: project.id, code: 'KL-SNAP', description: 'study', useEnduringLinkageKeys: false })).id as string
  const masked = await rowsOf(snapshot)
  t.equal(masked.d1!['Person Key'], masked.e1!['Person Key'], 'the snapshot sees the merge')
  t.match(masked.d1!['Person Key'], /^[0-9A-F]{13}$/, 'with masked keys')
  for (const id of Object.keys(masked)) t.equal(masked[id]!['Previous Enduring Keys'], '', `${id}: blank in a snapshot`)
})

t.test('rollback of the review takes the move out of the lineage and publishes the undo', async (t) => {
  const [published] = await lineage()
  const res = await call('POST', `/projects/${project.id}/rollback`, { reason: 'the review was wrong' })
  t.equal(res.status, 201)
  t.match(await wait<{ statusName: string }>(`/workflows/${res.json.id}`, (w) => w.statusName === 'Complete' || w.statusName === 'Failed'), { statusName: 'Complete' })
  t.same(await wait<KeyLineage[]>(`/projects/${project.id}/keylineage`, (x) => x.length === 0), [], 'gone from the lineage')
  const [undone, ...rest] = await lineage('?includeUndone=true')
  t.same(rest, [])
  t.match(undone, { ...published, undoneByRevision: Number, undoneAt: String })
  t.ok(undone!.undoneByRevision! > published!.revision, 'undone by a later (rollback) revision')
  t.same(await lineage(`?fromRevision=${undone!.undoneByRevision}&includeUndone=true`), [undone], 'a reader polling from the rollback learns of it')
  // Printed for the portal page (guides/extracting-data/key-lineage.mdx): a real answer.
  t.comment(JSON.stringify(undone, null, 2))
  const after = await rowsOf(enduring)
  t.not(after.d1!['Person Key'], after.e1!['Person Key'], 'apart again')
  t.equal(after.e1!['Person Key'], before.e1!['Person Key'], 'e1 has its old key back')
  t.equal(after.e1!['Previous Enduring Keys'], '', 'and no previous key')
  t.equal(after.d1!['Previous Enduring Keys'], '')
})
