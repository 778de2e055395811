/**
 * The worker names each notification by its activity (a request key), as it does job starts: an activity runs at
 * least once, and a notification written again after a worker died must answer the one written the first time.
 */
import t from 'tap'
import { startPlatform } from '@ligature/testkit'
import { caller, internal, validatedEnvelope } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const worker = internal(platform)
await validatedEnvelope(platform, 'keyed-notes')

t.test("an envelope's notification repeated with the same request key answers the first, even when the calls race", async (t) => {
  const path = '/internal/envelopes/keyed-notes/notifications'
  const body = { logLevel: 'Information', message: 'Linkage complete.', requestKey: 'a'.repeat(64) }
  const first = await worker('POST', path, body)
  t.equal(first.status, 201)
  const again = await worker('POST', path, body)
  t.same([again.status, again.json], [200, { id: first.json.id }], 'the activity run again finds its notification')
  const raced = await Promise.all(Array.from({ length: 4 }, () => worker('POST', path, { ...body, requestKey: 'b'.repeat(64) })))
  t.same(raced.map((r) => r.status).sort(), [200, 200, 200, 201], 'one of the racing calls wrote it')
  t.equal(new Set(raced.map((r) => r.json.id)).size, 1, 'and every one answers its id')
  const unkeyed = await Promise.all([worker('POST', path, { logLevel: 'Warning', message: 'Unkeyed.' }), worker('POST', path, { logLevel: 'Warning', message: 'Unkeyed.' })])
  t.same(unkeyed.map((r) => r.status), [201, 201], 'calls without a key each write one')
  const listed = await call('GET', '/envelopes/keyed-notes/notifications')
  t.equal(listed.json.length, 4, 'four notifications for eight calls')
  t.notOk(JSON.stringify(listed.json).includes('a'.repeat(64)), 'the key is not part of the public notification')
  t.equal((await worker('POST', path, { ...body, requestKey: 'x'.repeat(129) })).status, 400, 'a key longer than 128 characters is refused')
})

t.test("a project's notification is keyed alike", async (t) => {
  const body = { projectCode: 'CORE', logLevel: 'Information', message: 'Extraction complete.', requestKey: 'c'.repeat(64) }
  const first = await worker('POST', '/internal/notifications', body)
  t.equal(first.status, 201)
  const again = await worker('POST', '/internal/notifications', body)
  t.same([again.status, again.json], [200, { id: first.json.id }])
  const other = await worker('POST', '/internal/notifications', { ...body, requestKey: 'd'.repeat(64) })
  t.equal(other.status, 201)
  t.not(other.json.id, first.json.id, 'another key is another notification')
  const read = await call('GET', `/notifications/${first.json.id}`)
  t.same([read.status, read.json.message], [200, 'Extraction complete.'])
  t.notOk('requestKey' in read.json, 'the key is not part of the public notification')
})
