import t from 'tap'
import { EnvelopeType } from '@ligature/contracts/enums'
import { MANIFEST_NAMESPACE, parseManifest } from './manifest.js'

const NS = MANIFEST_NAMESPACE

function manifestXml(over: { ns?: string; request?: string; count?: string; data?: string; metadata?: string; extra?: string } = {}) {
  const data = over.data ?? '<File fileName="data.csv" format="FlatFile" datasource="HOSP" />'
  return `<?xml version="1.0" encoding="utf-8"?>
<Manifest xmlns="${over.ns ?? NS}">
  <LinkageProject>CORE</LinkageProject>
  <Sender>WAHEALTH</Sender>
  <RequestType>${over.request ?? 'SubmitLinkage'}</RequestType>
  <NumberOfDataFiles>${over.count ?? '1'}</NumberOfDataFiles>
  <Data>${data}</Data>${over.metadata ?? ''}${over.extra ?? ''}
</Manifest>`
}

const problemsOf = (xml: string, files = ['manifest.xml', 'data.csv']) => {
  const r = parseManifest(xml, files)
  return r.ok ? [] : r.problems
}

t.test('reads a complete manifest', async (t) => {
  const xml = manifestXml({
    count: '2',
    data: '<File fileName="data.csv" format="FlatFile" datasource="HOSP"/><File fileName="sub/more.csv" datasource="DEATH"/>',
    metadata: '<Metadata><File fileName="systeminfo.txt" description="System Information and Baseline"/></Metadata>',
  })
  const r = parseManifest(`\uFEFF${xml}`, ['manifest.xml', 'data.csv', 'sub/more.csv', 'systeminfo.txt'])
  t.ok(r.ok)
  if (!r.ok) return
  t.same(r.manifest, {
    linkageProject: 'CORE', sender: 'WAHEALTH', requestType: 'SubmitLinkage', envelopeType: EnvelopeType.Linkage,
    numberOfDataFiles: 2, extractionProject: undefined,
    dataFiles: [
      { fileName: 'data.csv', format: 'FlatFile', eventTypeCode: 'HOSP' },
      { fileName: 'sub/more.csv', format: undefined, eventTypeCode: 'DEATH' },
    ],
    metadataFiles: [{ fileName: 'systeminfo.txt', description: 'System Information and Baseline' }],
  })
})

t.test('maps every request type to its envelope type and accepts a namespace prefix', async (t) => {
  const expected = { SubmitLinkage: 1, SubmitFastLoad: 1, SubmitExtraction: 2, SubmitDeletion: 3, SubmitProbabilityEstimation: 4, SubmitQualityReview: 5, SubmitBatchQualityReview: 5 }
  for (const [request, type] of Object.entries(expected)) {
    const extra = request === 'SubmitExtraction' ? '<ExtractionProject>E2026110001</ExtractionProject>' : ''
    const r = parseManifest(manifestXml({ request, extra }), ['manifest.xml', 'data.csv'])
    t.equal(r.ok && r.manifest.envelopeType, type, request)
  }
  const prefixed = manifestXml().replace(/<(\/?)(\w+)/g, '<$1cdl:$2').replace('xmlns=', 'xmlns:cdl=')
  t.ok(parseManifest(prefixed, ['manifest.xml', 'data.csv']).ok, 'cdl: prefix')
})

t.test('an extraction envelope names its extraction project once', async (t) => {
  const r = parseManifest(manifestXml({ request: 'SubmitExtraction', extra: '<ExtractionProject> E2026110001 </ExtractionProject>' }), ['manifest.xml', 'data.csv'])
  t.equal(r.ok && r.manifest.extractionProject, 'E2026110001')
  t.match(problemsOf(manifestXml({ request: 'SubmitExtraction' })), [/ExtractionProject is missing/])
  t.match(problemsOf(manifestXml({ request: 'SubmitExtraction', extra: '<ExtractionProject>A</ExtractionProject><ExtractionProject>B</ExtractionProject>' })), [/appears 2 times/])
  t.same(problemsOf(manifestXml()), [], 'other envelopes do without it')
})

t.test('reports structural problems', async (t) => {
  t.match(problemsOf('<Manifest xmlns="x"><Sender>A</Sender'), [/not well-formed XML: .*line 1/])
  t.same(problemsOf(manifestXml({ ns: 'urn:other' })), [`The Manifest element must be in namespace ${NS}, found namespace urn:other.`])
  t.same(problemsOf('<Manifest><Sender>A</Sender></Manifest>'), [`The Manifest element must be in namespace ${NS}, found no namespace.`])
  t.same(problemsOf(`<Envelope xmlns="${NS}"/>`), ['The root element must be Manifest, not Envelope.'])
})

t.test('reports every missing or wrong element at once', async (t) => {
  const xml = manifestXml({ request: 'SubmitEverything', count: 'two' })
    .replace('<LinkageProject>CORE</LinkageProject>', '')
    .replace('<Sender>WAHEALTH</Sender>', '<Sender> </Sender><Sender>B</Sender>')
  t.same(problemsOf(xml), [
    'LinkageProject is missing.',
    'Sender appears 2 times; it must appear once.',
    'RequestType SubmitEverything is not one of SubmitLinkage, SubmitFastLoad, SubmitExtraction, SubmitDeletion, SubmitProbabilityEstimation, SubmitQualityReview, SubmitBatchQualityReview.',
    'NumberOfDataFiles must be a whole number, found "two".',
  ])
})

t.test('checks data files against the count and the envelope contents', async (t) => {
  t.same(problemsOf(manifestXml({ count: '3' })), ['NumberOfDataFiles is 3 but Data lists 1 file(s).'])
  t.same(problemsOf(manifestXml({ data: '', count: '0' }), ['manifest.xml']), ['Data lists no File; at least one is needed.'])
  t.same(problemsOf(manifestXml({ data: '<File fileName="a.csv"/><File datasource="X"/>', count: '2' }), ['manifest.xml', 'a.csv']), [
    'Data/File 1 (a.csv) has no datasource attribute (the event type code).',
    'Data/File 2 has no fileName attribute.',
  ])
  const twice = '<File fileName="data.csv" datasource="A"/><File fileName="data.csv" datasource="B"/>'
  t.same(problemsOf(manifestXml({ data: twice, count: '2' })), ['File data.csv is named more than once in the manifest.'])
  t.same(problemsOf(manifestXml(), ['manifest.xml', 'other.csv', '__MACOSX/._data.csv']), [
    'File data.csv is named in the manifest but is not in the envelope.',
    'File other.csv is in the envelope but not named in the manifest.',
  ])
  const self = '<File fileName="manifest.xml" datasource="A"/>'
  t.same(problemsOf(manifestXml({ data: self }), ['manifest.xml']), ['File manifest.xml is the manifest itself and cannot be a data or metadata file.'])
  t.same(problemsOf(manifestXml({ data: '' }).replace(/<Data>.*<\/Data>/, ''), ['manifest.xml']), ['Data is missing.', 'NumberOfDataFiles is 1 but Data lists 0 file(s).'])
})

t.test('refuses DTDs and entity tricks', async (t) => {
  const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
    <Manifest xmlns="${NS}"><LinkageProject>&lol2;</LinkageProject></Manifest>`
  t.same(problemsOf(laughs), ['manifest.xml must not contain a DOCTYPE or entity declarations.'])
  const external = `<!DOCTYPE m SYSTEM "file:///etc/passwd"><Manifest xmlns="${NS}"/>`
  t.same(problemsOf(external), ['manifest.xml must not contain a DOCTYPE or entity declarations.'])
  const predefined = parseManifest(manifestXml().replace('WAHEALTH', 'A&amp;B'), ['manifest.xml', 'data.csv'])
  t.equal(predefined.ok && predefined.manifest.sender, 'A&B', 'predefined entities still decode')
})
