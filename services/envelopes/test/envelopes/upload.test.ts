import t from 'tap'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { api, buildEnvelope, startPlatform, uploadEnvelope } from '@ligature/testkit'

const platform = await startPlatform({ maxEnvelopeBytes: 64 * 1024 })
t.teardown(() => platform.close())
const zip = buildEnvelope({ project: 'CORE', sender: 'WAHEALTH', files: [{ fileName: 'data.csv', eventTypeCode: 'HMDS', content: 'rec_id,surname\n1,Smith\n' }] })
const inboxFiles = async () => (await readdir(join(platform.dataDir, 'inbox'))).filter((f) => f.endsWith('.zip')).sort()
const incomingFiles = async () => readdir(join(platform.dataDir, 'inbox', '.incoming'))

t.test('an upload lands in the inbox as Pending with createdDate null', async (t) => {
  const res = await uploadEnvelope(platform.url, platform.adminToken, 'batch-001.zip', zip)
  t.equal(res.status, 201)
  t.same(res.json, { name: 'batch-001', displayName: 'batch-001.zip', createdDate: null, status: 1, statusName: 'Pending', type: 0, typeName: 'Unknown' })
  t.same(await inboxFiles(), ['batch-001.zip'])
  const read = await api(platform.url, 'GET', '/api/v3.3/envelopes/batch-001', { token: platform.adminToken })
  t.same(read.json, res.json)
  const list = await api(platform.url, 'GET', '/api/v3.3/envelopes', { token: platform.adminToken })
  t.same(list.json.map((e: { name: string }) => e.name), ['batch-001'])
})

t.test('the same name again is 409 and leaves the first file untouched', async (t) => {
  const res = await uploadEnvelope(platform.url, platform.adminToken, 'batch-001.zip', Buffer.from('other bytes'))
  t.equal(res.status, 409)
  t.same(res.json, { message: 'Envelope name is already used.' })
  t.same(await inboxFiles(), ['batch-001.zip'])
})

t.test('a body that is not a multipart file is 400 Something went wrong.', async (t) => {
  const json = await api(platform.url, 'POST', '/api/v3.3/envelopes', { token: platform.adminToken, body: { file: 'x' } })
  t.equal(json.status, 400)
  t.same(json.json, { message: 'Something went wrong.' })
  const form = new FormData()
  form.append('note', 'no file here')
  const res = await fetch(`${platform.url}/api/v3.3/envelopes`, { method: 'POST', headers: { authorization: `Bearer ${platform.adminToken}` }, body: form })
  t.equal(res.status, 400)
  t.same(await res.json(), { message: 'Something went wrong.' })
})

t.test('an unsafe filename is refused', async (t) => {
  const res = await uploadEnvelope(platform.url, platform.adminToken, '.hidden.zip', zip)
  t.equal(res.status, 400)
  t.equal(res.json.message, 'Something went wrong.')
})

t.test('an upload over the size limit is refused and leaves nothing behind', async (t) => {
  const res = await uploadEnvelope(platform.url, platform.adminToken, 'too-big.zip', Buffer.alloc(200 * 1024, 7))
  t.equal(res.status, 413)
  t.same(res.json, { message: 'Envelope is larger than the size limit.' })
  t.same(await inboxFiles(), ['batch-001.zip'])
  t.same(await incomingFiles(), [])
  const read = await api(platform.url, 'GET', '/api/v3.3/envelopes/too-big', { token: platform.adminToken })
  t.equal(read.status, 404)
  t.same(read.json, { message: 'Envelope resource can not be found.' })
})

t.test('a cut-off upload leaves no envelope row and no file', async (t) => {
  const { request } = await import('node:http')
  const url = new URL(platform.url)
  const boundary = 'cutoffboundary'
  await new Promise<void>((resolve) => {
    const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/api/v3.3/envelopes', headers: {
      authorization: `Bearer ${platform.adminToken}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '100000',
    } })
    req.on('error', () => resolve())
    req.on('response', (res) => { res.resume(); res.on('end', resolve) })
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.zip"\r\nContent-Type: application/zip\r\n\r\n`)
    req.write(Buffer.alloc(5000, 1))
    setTimeout(() => req.destroy(), 300)
  })
  await new Promise((r) => setTimeout(r, 500))
  t.equal((await api(platform.url, 'GET', '/api/v3.3/envelopes/cut', { token: platform.adminToken })).status, 404)
  t.same(await inboxFiles(), ['batch-001.zip'])
  t.same(await incomingFiles(), [])
})

t.test('scoping: a viewer of another project does not see the envelope', async (t) => {
  const other = await platform.token('viewer', ['OTHER'])
  t.same((await api(platform.url, 'GET', '/api/v3.3/envelopes', { token: other })).json, [])
  t.equal((await api(platform.url, 'GET', '/api/v3.3/envelopes/batch-001', { token: other })).status, 404)
  t.equal((await uploadEnvelope(platform.url, other, 'viewer-upload.zip', zip)).status, 401, 'viewers cannot upload')
})
