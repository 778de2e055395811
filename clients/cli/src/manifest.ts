/** manifest.xml of a LinXmart envelope, as workflows/src/loading/envelope/manifest.ts reads it. */
export const MANIFEST_NAMESPACE = 'http://www.phrn.org.au/participants/cdl/20110801'

export const REQUEST_TYPES = {
  linkage: 'SubmitLinkage',
  'fast-load': 'SubmitFastLoad',
  extraction: 'SubmitExtraction',
  deletion: 'SubmitDeletion',
  probability: 'SubmitProbabilityEstimation',
  'quality-review': 'SubmitQualityReview',
  'batch-quality-review': 'SubmitBatchQualityReview',
} as const
export type EnvelopeKind = keyof typeof REQUEST_TYPES

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** `extractionProject` (SubmitExtraction only) becomes the `ExtractionProject` element after `RequestType`. */
export function manifestXml(m: { project: string; sender: string; kind: EnvelopeKind; extractionProject?: string; files: { fileName: string; eventTypeCode: string }[] }): string {
  const files = m.files.map((f) => `    <File fileName="${escape(f.fileName)}" format="FlatFile" datasource="${escape(f.eventTypeCode)}" />`).join('\n')
  return `<?xml version="1.0" encoding="utf-8"?>
<Manifest xmlns="${MANIFEST_NAMESPACE}">
  <LinkageProject>${escape(m.project)}</LinkageProject>
  <Sender>${escape(m.sender)}</Sender>
  <RequestType>${REQUEST_TYPES[m.kind]}</RequestType>
${m.extractionProject === undefined ? '' : `  <ExtractionProject>${escape(m.extractionProject)}</ExtractionProject>\n`}  <NumberOfDataFiles>${m.files.length}</NumberOfDataFiles>
  <Data>
${files}
  </Data>
</Manifest>
`
}

/** The platform names an envelope after its file: letters, digits, `.`, `_`, `-`, 1–200 characters. */
export const ENVELOPE_NAME = /^[A-Za-z0-9._-]{1,200}$/
