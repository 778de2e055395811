import { buildZip } from '@ligature/workflows/zip-fixture'

export interface EnvelopeSpec {
  project: string
  sender: string
  requestType?: string
  /** `content` as bytes lets a benchmark pass a file over V8's largest string (about 512 MiB). */
  files: { fileName: string; eventTypeCode: string; content: string | Buffer }[]
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')

/** manifest.xml as the envelope format describes it (namespace of the reference product). */
export function manifestXml(spec: EnvelopeSpec): string {
  const files = spec.files.map((f) => `    <File fileName="${escape(f.fileName)}" format="FlatFile" datasource="${escape(f.eventTypeCode)}" />`).join('\n')
  return `<?xml version="1.0" encoding="utf-8"?>
<Manifest xmlns="http://www.phrn.org.au/participants/cdl/20110801">
  <LinkageProject>${escape(spec.project)}</LinkageProject>
  <Sender>${escape(spec.sender)}</Sender>
  <RequestType>${escape(spec.requestType ?? 'SubmitLinkage')}</RequestType>
  <NumberOfDataFiles>${spec.files.length}</NumberOfDataFiles>
  <Data>
${files}
  </Data>
</Manifest>
`
}

export const buildEnvelope = (spec: EnvelopeSpec): Buffer =>
  buildZip([{ name: 'manifest.xml', data: manifestXml(spec) }, ...spec.files.map((f) => ({ name: f.fileName, data: f.content }))])

/** Uploads bytes as a multipart form file, the way `curl -F file=@x.zip` does. */
export async function uploadEnvelope(baseUrl: string, token: string, filename: string, bytes: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), filename)
  const res = await fetch(`${baseUrl}/api/v3.3/envelopes`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : undefined }
}

/** Polls an envelope until its status is final (Failed 3, Complete 4) or the deadline passes. */
export async function waitForEnvelope(baseUrl: string, token: string, name: string, timeoutMs = 60_000, pollMs = 200) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`${baseUrl}/api/v3.3/envelopes/${name}`, { headers: { authorization: `Bearer ${token}` } })
    const env = await res.json() as { status: number; statusName: string }
    if (env.status === 3 || env.status === 4 || Date.now() > deadline) return env
    await new Promise((r) => setTimeout(r, pollMs))
  }
}
