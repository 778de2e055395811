import { request } from 'node:http'
import t from 'tap'
import { startPlatform } from '@ligature/testkit'
import { rawRequest } from '@ligature/testkit/fuzz'

/** The cases of issue 17, one by one: each answered by a catalogue 4xx, never a 5xx or a raw framework body. */
const platform = await startPlatform()
t.teardown(() => platform.close())
const auth = { authorization: `Bearer ${platform.adminToken}` }
const send = async (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) => {
  const res = await rawRequest(platform.url, method, `/api/v3.3${path}`, { timeoutMs: 10_000, headers: { ...auth, ...headers }, ...(body ? { body } : {}) })
  if (res === null || res instanceof Error) throw new Error(`no answer for ${method} ${path}: ${res?.message ?? 'timeout'}`)
  return { status: res.status, json: JSON.parse(res.body.toString() || 'null') as { message: string } }
}
const json = { 'content-type': 'application/json' }

t.test('encoded traversal, NUL and control characters in a path value name nothing: 404', async (t) => {
  t.same(await send('GET', '/projects/%2e%2e%2f%2e%2e'), { status: 404, json: { message: 'Project resource can not be found.' } })
  t.same(await send('GET', '/projects/..%2f..%2fhealthz/matchconfig'), { status: 404, json: { message: 'Project resource can not be found.' } })
  t.same(await send('DELETE', '/dataproviders/%2e%2e'), { status: 404, json: { message: 'Data provider resource can not be found.' } })
  t.same(await send('GET', '/projects/a%00b'), { status: 404, json: { message: 'Project resource can not be found.' } })
  t.same(await send('GET', '/envelopes/x%0a'), { status: 404, json: { message: 'Envelope resource can not be found.' } })
})

t.test('ids past the integer columns are 404, not a database error', async (t) => {
  t.same(await send('GET', '/projects/1/matchconfig/strategies/3000000000'), { status: 404, json: { message: 'Match strategy resource can not be found.' } })
  t.same(await send('GET', '/dataproviders/2147483648'), { status: 404, json: { message: 'Data provider resource can not be found.' } })
  t.same(await send('GET', '/linkages/99999999999999999999'), { status: 404, json: { message: 'Linkage resource can not be found.' } })
  t.equal((await send('GET', '/dataproviders?offset=99999999999999999999')).status, 400)
})

t.test('malformed escapes are a catalogue 400', async (t) => {
  for (const path of ['/projects/%zz', '/dataproviders/%ED%A0%80', '/dataproviders?limit=%', '/dataproviders?offset=%ff']) {
    const res = await send('GET', path)
    t.equal(res.status, 400, path)
    t.equal(res.json.message, 'The request is not valid.', path)
  }
})

t.test('oversize bodies are 413 and the connection survives for the answer', async (t) => {
  const big = Buffer.from(JSON.stringify({ code: 'x'.repeat(2 * 1024 * 1024) }))
  for (const [method, path] of [['PUT', '/dataproviders/1'], ['POST', '/projects'], ['POST', '/linkages']] as const) {
    t.same(await send(method, path, big, json), { status: 413, json: { message: 'The request body is larger than the size limit.' } }, `${method} ${path}`)
  }
  // Chunked, so the gateway cannot know the size up front.
  const chunked = await new Promise<number>((resolve, reject) => {
    const req = request(`${platform.url}/api/v3.3/dataproviders`, { method: 'POST', headers: { ...auth, ...json, 'transfer-encoding': 'chunked' } }, (res) => { res.resume(); resolve(res.statusCode ?? 0) })
    req.on('error', reject)
    for (let i = 0; i < 40; i++) req.write(Buffer.alloc(64 * 1024, 0x20))
    req.end()
  })
  t.equal(chunked, 413, 'a chunked body past the limit')
})

t.test('malformed and hostile bodies under the limit get the service\'s own 4xx, relayed', async (t) => {
  t.same(await send('PUT', '/dataproviders/1', Buffer.from('{"code":'), json), { status: 400, json: { message: 'Could not parse the request body.' } })
  t.equal((await send('POST', '/projects', Buffer.from('['.repeat(50_000)), json)).json.message, 'Unable to create the linkage project.')
  t.equal((await send('POST', '/dataproviders', Buffer.from('{"code":"\\ud800"}'), json)).status, 400)
})

t.test('headers past Node\'s limit are 431 in the catalogue\'s shape', async (t) => {
  const res = await send('GET', '/dataproviders', undefined, { 'x-filler': 'x'.repeat(20_000) })
  t.same(res, { status: 431, json: { message: 'The request line or headers are larger than the size limit.' } })
})
