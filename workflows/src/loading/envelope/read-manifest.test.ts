import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { extractEnvelope } from './extract-zip.js'
import { MANIFEST_NAMESPACE } from './manifest.js'
import { readEnvelopeManifest, MAX_MANIFEST_BYTES } from './read-manifest.js'
import { EnvelopeRejected } from './rejection.js'
import { buildZip, type FixtureEntry } from './zip-fixture.js'

const manifest = `<?xml version="1.0" encoding="utf-8"?>
<Manifest xmlns="${MANIFEST_NAMESPACE}">
  <LinkageProject>CORE</LinkageProject><Sender>WAHEALTH</Sender><RequestType>SubmitLinkage</RequestType>
  <NumberOfDataFiles>1</NumberOfDataFiles>
  <Data><File fileName="data.csv" format="FlatFile" datasource="HOSP"/></Data>
</Manifest>`

async function extracted(t: Test, entries: FixtureEntry[]) {
  const dir = t.testdir({})
  await writeFile(join(dir, 'env.zip'), buildZip(entries))
  return extractEnvelope(join(dir, 'env.zip'), join(dir, 'work'))
}

t.test('reads the manifest of an extracted envelope', async (t) => {
  const env = await extracted(t, [{ name: 'manifest.xml', data: manifest }, { name: 'data.csv', data: 'id\n1\n' }])
  const m = await readEnvelopeManifest(env)
  t.equal(m.linkageProject, 'CORE')
  t.same(m.dataFiles, [{ fileName: 'data.csv', format: 'FlatFile', eventTypeCode: 'HOSP' }])
})

t.test('refuses envelopes without a usable manifest, listing every problem', async (t) => {
  const none = await extracted(t, [{ name: 'data.csv', data: 'x' }])
  await t.rejects(readEnvelopeManifest(none), { code: 'InvalidManifest', message: /manifest.xml is missing from the envelope/ })
  const nested = await extracted(t, [{ name: 'sub/manifest.xml', data: manifest }, { name: 'data.csv', data: 'x' }])
  await t.rejects(readEnvelopeManifest(nested), { code: 'InvalidManifest' }, 'the manifest must be at the top level')

  const wrong = manifest.replace('<Sender>WAHEALTH</Sender>', '').replace('1</NumberOfDataFiles>', '2</NumberOfDataFiles>')
  const env = await extracted(t, [{ name: 'manifest.xml', data: wrong }, { name: 'other.csv', data: 'x' }])
  const err = await readEnvelopeManifest(env).catch((e: unknown) => e)
  t.ok(err instanceof EnvelopeRejected)
  t.same((err as EnvelopeRejected).details, [
    'Sender is missing.',
    'NumberOfDataFiles is 2 but Data lists 1 file(s).',
    'File data.csv is named in the manifest but is not in the envelope.',
    'File other.csv is in the envelope but not named in the manifest.',
  ])
  t.equal((err as EnvelopeRejected).message, `The envelope's manifest is not valid: ${(err as EnvelopeRejected).details.join(' ')}`)

  const huge = await extracted(t, [{ name: 'manifest.xml', data: ' '.repeat(MAX_MANIFEST_BYTES + 1), method: 0 }])
  await t.rejects(readEnvelopeManifest(huge), { message: /larger than 1048576 bytes/ })
})
