import t from 'tap'
import { XMLParser } from 'fast-xml-parser'
import { resultManifestXml } from './result-manifest.js'

t.test('the result manifest names the project, sender, event type and extraction project, escaped', async (t) => {
  const text = resultManifestXml({
    linkageProject: 'CORE', sender: 'WA&HEALTH', eventTypeCode: 'HMDS', extractionProjectId: 'E2026110001', extractionId: 7,
    keyKind: 'Snapshot', rows: 3, dataFileName: 'data-extract.csv', createdAt: '2026-11-25T00:00:00.000Z',
  })
  const doc = new XMLParser({ ignoreAttributes: false }).parse(text)
  t.equal(doc.Manifest['@_xmlns'], 'http://www.phrn.org.au/participants/cdl/20110801')
  t.equal(doc.Manifest.Sender, 'WA&HEALTH')
  t.equal(doc.Manifest.ExtractionProject, 'E2026110001')
  t.equal(doc.Manifest.Data.File['@_datasource'], 'HMDS')
  t.equal(doc.Manifest.Data.File['@_rows'], '3')
  t.equal(doc.Manifest.PersonKeys, 'Snapshot')
})
