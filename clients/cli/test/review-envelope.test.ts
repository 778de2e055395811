/** Quality-review envelopes as the platform reads them: the CLI's manifest through the platform's own parser. */
import t from 'tap'
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseManifest } from '../../../workflows/src/loading/envelope/manifest.js'
import { parseReviewFile } from '../../../workflows/src/review/review-file.js'
import { buildReviewEnvelope } from '../src/review-envelope.js'
import { unzip } from '../src/unzip.js'

const dir = await mkdtemp(join(tmpdir(), 'ligature-review-'))

t.test('a review file becomes a SubmitQualityReview envelope the platform parses row for row', async (t) => {
  await writeFile(join(dir, 'review.csv'), 'DEMO,a1,HOSP,keep-apart-1\r\nDEMO, a2 ,HOSP,keep-apart-2\r\n\r\nDEMO,"b,1",DTH,together\r\n')
  const built = await buildReviewEnvelope({ reviewPath: join(dir, 'review.csv'), out: join(dir, 'r-1.zip'), project: 'DEMO', sender: 'HEALTH' })
  t.same(built, { file: join(dir, 'r-1.zip'), envelope: 'r-1', rows: 3, labels: 3, eventTypes: ['HOSP', 'DTH'] })
  const files = await unzip(built.file, join(dir, 'r-1'))
  const data = await readFile(files.find((f) => f.endsWith('review.csv'))!, 'utf8')
  t.equal(data, 'DEMO,a1,HOSP,keep-apart-1\nDEMO,a2,HOSP,keep-apart-2\nDEMO,"b,1",DTH,together\n')
  t.match(parseManifest(await readFile(files.find((f) => f.endsWith('manifest.xml'))!, 'utf8'), ['manifest.xml', 'review.csv']),
    { ok: true, manifest: { linkageProject: 'DEMO', sender: 'HEALTH', requestType: 'SubmitQualityReview' } })
  const parsed = parseReviewFile(data, 'DEMO', new Map([['HOSP', 1], ['DTH', 2]]))
  t.match(parsed.counts, { rowsRead: 3, malformed: 0, otherProject: 0, unknownEventType: 0, duplicates: 0 })
  t.match(parsed.rows, [{ suid: 'a1', label: 'keep-apart-1', eventTypeId: 1 }, { suid: 'a2' }, { suid: 'b,1', eventTypeId: 2, label: 'together' }])
  const batch = await buildReviewEnvelope({ reviewPath: join(dir, 'review.csv'), out: join(dir, 'r-2.zip'), project: 'DEMO', sender: 'HEALTH', batch: true })
  const manifest = await readFile((await unzip(batch.file, join(dir, 'r-2'))).find((f) => f.endsWith('manifest.xml'))!, 'utf8')
  t.match(parseManifest(manifest, ['manifest.xml', 'review.csv']), { ok: true, manifest: { requestType: 'SubmitBatchQualityReview' } })
})

t.test('rows of another project, blank values or the wrong column count write nothing and are listed by line', async (t) => {
  await writeFile(join(dir, 'bad.csv'), 'DEMO,a1,HOSP,g1\nOTHER,a2,HOSP,g1\nDEMO,,HOSP,g2\nDEMO,a3,HOSP\n')
  await t.rejects(buildReviewEnvelope({ reviewPath: join(dir, 'bad.csv'), out: join(dir, 'bad.zip'), project: 'DEMO', sender: 'H' }), {
    message: /3 rows are not valid review rows; nothing was written/, exitCode: 2,
    details: ['line 2: project OTHER is not DEMO', 'line 3: blank Source Unique ID', 'line 4: 3 columns; a review row has 4 (project, Source Unique ID, event type, label)'],
  })
  await t.rejects(stat(join(dir, 'bad.zip')), 'no zip left behind')
})
