/**
 * `manifest.xml` of a returned linkage map (product behaviour §1.5): the envelope manifest's namespace and
 * elements, with `RequestType` ReturnExtraction and the extraction project and row count added. The schema is
 * documented in the portal (extraction output page).
 */
export interface ResultManifest {
  linkageProject: string
  sender: string
  eventTypeCode: string
  extractionProjectId: string
  extractionId: number
  keyKind: 'Enduring' | 'Snapshot'
  rows: number
  dataFileName: string
  createdAt: string
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function resultManifestXml(m: ResultManifest): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<Manifest xmlns="http://www.phrn.org.au/participants/cdl/20110801">
  <LinkageProject>${xml(m.linkageProject)}</LinkageProject>
  <Sender>${xml(m.sender)}</Sender>
  <RequestType>ReturnExtraction</RequestType>
  <ExtractionProject>${xml(m.extractionProjectId)}</ExtractionProject>
  <Extraction>${m.extractionId}</Extraction>
  <PersonKeys>${m.keyKind}</PersonKeys>
  <Created>${xml(m.createdAt)}</Created>
  <NumberOfDataFiles>1</NumberOfDataFiles>
  <Data>
    <File fileName="${xml(m.dataFileName)}" format="FlatFile" datasource="${xml(m.eventTypeCode)}" rows="${m.rows}" />
  </Data>
</Manifest>
`
}
