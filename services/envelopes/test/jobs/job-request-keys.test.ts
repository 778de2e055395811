/**
 * The worker names each job start by its activity (a request key): an activity runs at least once, and a start made
 * again after a worker died must answer the job it made the first time, never leave a second one Processing.
 */
import t from 'tap'
import { startPlatform } from '@ligature/testkit'
import { caller, internal, validatedEnvelope } from '../support.js'

const platform = await startPlatform()
t.teardown(() => platform.close())
const call = caller(platform)
const worker = internal(platform)
await validatedEnvelope(platform, 'keyed-jobs')

t.test('a start repeated with the same request key answers the first job, even when the starts race', async (t) => {
  const body = { name: 'Link', envelopeName: 'keyed-jobs', requestKey: 'a'.repeat(64) }
  const first = await worker('POST', '/internal/jobs', body)
  t.equal(first.status, 201)
  const again = await worker('POST', '/internal/jobs', body)
  t.same([again.status, again.json], [200, { id: first.json.id }], 'the activity run again finds its job')
  const raced = await Promise.all(Array.from({ length: 4 }, () => worker('POST', '/internal/jobs', { ...body, requestKey: 'b'.repeat(64) })))
  t.same(raced.map((r) => r.status).sort(), [200, 200, 200, 201], 'one of the racing starts made the job')
  t.equal(new Set(raced.map((r) => r.json.id)).size, 1, 'and every one answers its id')
  const other = await worker('POST', '/internal/jobs', { ...body, requestKey: 'c'.repeat(64) })
  t.equal(other.status, 201)
  t.not(other.json.id, first.json.id, 'another key is another job')
  const unkeyed = await Promise.all([worker('POST', '/internal/jobs', { name: 'Link', envelopeName: 'keyed-jobs' }), worker('POST', '/internal/jobs', { name: 'Link', envelopeName: 'keyed-jobs' })])
  t.same(unkeyed.map((r) => r.status), [201, 201], 'starts without a key each make a job')
  const listed = await call('GET', '/envelopes/keyed-jobs/jobs')
  t.equal(listed.json.length, 5, 'five jobs for nine starts')
  t.notOk(JSON.stringify(listed.json).includes('a'.repeat(64)), 'the key is not part of the public job')
  t.equal((await worker('POST', '/internal/jobs', { ...body, requestKey: 'x'.repeat(129) })).status, 400, 'a key longer than 128 characters is refused')
})
