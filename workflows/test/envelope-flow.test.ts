import t from 'tap'
import { Client, Connection } from '@temporalio/client'
import { api, buildEnvelope, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { buildZip } from '../src/loading/envelope/zip-fixture.js'
import { startWorkerProcess } from '../src/worker.js'

// The walking skeleton end to end: upload through the gateway → outbox → NATS → dispatcher → Temporal
// workflow `envelope:<name>` → statuses written back to the envelopes service.
const platform = await startPlatform()
t.teardown(() => platform.close())
const config = platform.workerConfig()
const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS })
const temporal = new Client({ connection })
t.teardown(() => connection.close())

const good = buildEnvelope({ project: 'CORE', sender: 'WAHEALTH', files: [{ fileName: 'data.csv', eventTypeCode: 'HMDS', content: 'rec_id,surname\n1,Smith\n' }] })
const name = (base: string) => `${base}-${platform.namespace}`

t.test('an envelope uploaded while no worker runs completes once a worker starts', async (t) => {
  const n = name('late-worker')
  t.equal((await uploadEnvelope(platform.url, platform.adminToken, `${n}.zip`, good)).status, 201)
  await new Promise((r) => setTimeout(r, 1000))
  const pending = await api(platform.url, 'GET', `/api/v3.3/envelopes/${n}`, { token: platform.adminToken })
  t.equal(pending.json.status, 1, 'still Pending with no worker')
  t.equal(pending.json.createdDate, null)

  const worker = await startWorkerProcess(config)
  t.teardown(() => worker.stop())
  // No project CORE is configured here: the envelope is read, checked against the configuration, and fails.
  const done = await waitForEnvelope(platform.url, platform.adminToken, n) as Record<string, unknown>
  t.match(done, { name: n, status: 3, statusName: 'Failed', type: 1, typeName: 'Linkage', createdDate: String })

  // The envelope turns Failed in the workflow's last activity; the run itself closes a moment later.
  const handle = temporal.workflow.getHandle(`${platform.namespace}/envelope:${n}`)
  await handle.result()
  const description = await handle.describe()
  t.equal(description.status.name, 'COMPLETED', 'the Temporal workflow is named after the envelope')
  const notes = await api(platform.url, 'GET', `/api/v3.3/envelopes/${n}/notifications`, { token: platform.adminToken })
  t.match(notes.json, [{ logLevel: 'Error', message: /Linkage project "CORE" does not exist/ }])

  await t.test('a hostile file ends Failed with a notification saying why', async (t) => {
    const cases: [string, Buffer, RegExp][] = [
      ['not-a-zip', Buffer.from('this is plain text, not a zip archive'), /not a zip/i],
      ['empty', Buffer.alloc(0), /empty|0 bytes/i],
      ['zip-slip', buildZip([{ name: '../../escape.txt', data: 'x' }]), /outside|unsafe|\.\./i],
      ['no-manifest', buildZip([{ name: 'data.csv', data: 'a,b\n' }]), /manifest/i],
    ]
    for (const [base, bytes, reason] of cases) {
      const n = name(base)
      t.equal((await uploadEnvelope(platform.url, platform.adminToken, `${n}.zip`, bytes)).status, 201, `${base} is accepted at upload`)
      const env = await waitForEnvelope(platform.url, platform.adminToken, n) as { status: number }
      t.equal(env.status, 3, `${base} ends Failed`)
      const notes = await api(platform.url, 'GET', `/api/v3.3/envelopes/${n}/notifications`, { token: platform.adminToken })
      t.match(notes.json, [{ logLevel: 'Error', message: reason }], `${base} notification`)
    }
    t.equal((await api(platform.url, 'GET', '/readyz')).status, 200, 'the platform still serves')
  })
})

t.test('a redelivered event does not start a second workflow', async (t) => {
  const n = name('duplicate-event')
  const worker = await startWorkerProcess(config)
  t.teardown(() => worker.stop())
  t.equal((await uploadEnvelope(platform.url, platform.adminToken, `${n}.zip`, good)).status, 201)
  await waitForEnvelope(platform.url, platform.adminToken, n)
  // Replay the outbox row: the relay publishes it again under a new message id, as after a crash past the dedupe window.
  const db = platform.services.envelopes.db
  const row = await db.selectFrom('outbox').selectAll().where('subject', '=', 'ligature.envelopes.envelope.received').orderBy('id', 'desc').executeTakeFirstOrThrow()
  await db.insertInto('outbox').values({ subject: row.subject, payload: JSON.stringify(row.payload) }).execute()
  await new Promise((r) => setTimeout(r, 1500))
  const runs = []
  for await (const w of temporal.workflow.list({ query: `WorkflowId = '${platform.namespace}/envelope:${n}'` })) runs.push(w)
  t.equal(runs.length, 1, 'exactly one workflow run')
})
