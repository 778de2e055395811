/**
 * Id-list envelopes (`extract --ids`, `envelope build --type deletion|extraction`) as the platform reads them: the
 * CLI's manifest goes through the platform's own manifest parser, and the data file is one id per line.
 */
import t from 'tap'
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseManifest } from '../../../workflows/src/loading/envelope/manifest.js'
import { buildIdsEnvelope } from '../src/ids-envelope.js'
import { manifestXml } from '../src/manifest.js'
import { unzip } from '../src/unzip.js'

const dir = await mkdtemp(join(tmpdir(), 'ligature-ids-'))

t.test('an extraction envelope from an ids file: blank lines dropped, CRLF read, manifest accepted by the platform', async (t) => {
  await writeFile(join(dir, 'ids.txt'), ' P1 \r\n\r\nP2\nP3')
  const built = await buildIdsEnvelope({ idsPath: join(dir, 'ids.txt'), out: join(dir, 'x-1.zip'), project: 'DEMO', sender: 'HEALTH', eventType: 'HOSP', extractionProject: 'E2026110001' })
  t.same(built, { file: join(dir, 'x-1.zip'), envelope: 'x-1', ids: 3 })
  const files = await unzip(built.file, join(dir, 'x-1'))
  t.equal(await readFile(files.find((f) => f.endsWith('HOSP.txt'))!, 'utf8'), 'P1\nP2\nP3\n')
  const parsed = parseManifest(await readFile(files.find((f) => f.endsWith('manifest.xml'))!, 'utf8'), ['manifest.xml', 'HOSP.txt'])
  t.match(parsed, { ok: true, manifest: { linkageProject: 'DEMO', sender: 'HEALTH', requestType: 'SubmitExtraction', extractionProject: 'E2026110001',
    dataFiles: [{ fileName: 'HOSP.txt', eventTypeCode: 'HOSP' }] } })
})

t.test('ids longer than the platform allows, or none at all, send nothing', async (t) => {
  await writeFile(join(dir, 'long.txt'), `P1\n${'x'.repeat(65)}\n`)
  await t.rejects(buildIdsEnvelope({ idsPath: join(dir, 'long.txt'), out: join(dir, 'long.zip'), project: 'DEMO', sender: 'H', eventType: 'HOSP', extractionProject: 'E1' }),
    { message: /1 ids are longer than 64 characters; nothing was sent/, exitCode: 2 })
  await t.rejects(stat(join(dir, 'long.zip')), 'no zip left behind')
  await writeFile(join(dir, 'empty.txt'), '\n \n')
  await t.rejects(buildIdsEnvelope({ idsPath: join(dir, 'empty.txt'), out: join(dir, 'empty.zip'), project: 'DEMO', sender: 'H', eventType: 'HOSP', extractionProject: 'E1' }),
    { message: /lists no Source Unique ID/ })
  await t.rejects(buildIdsEnvelope({ idsPath: join(dir, 'missing.txt'), out: join(dir, 'm.zip'), project: 'DEMO', sender: 'H', eventType: 'HOSP', extractionProject: 'E1' }),
    { message: /Cannot read the ids file/ })
})

t.test('linkage and deletion manifests carry no ExtractionProject and parse', async (t) => {
  for (const kind of ['linkage', 'deletion'] as const) {
    const xml = manifestXml({ project: 'DEMO', sender: 'HEALTH', kind, files: [{ fileName: 'HOSP.csv', eventTypeCode: 'HOSP' }] })
    t.notMatch(xml, /ExtractionProject/)
    t.match(parseManifest(xml, ['manifest.xml', 'HOSP.csv']), { ok: true })
  }
})
