import t from 'tap'
import pg from 'pg'
import { Client, Connection } from '@temporalio/client'
import { startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '@ligature/workflows/worker'
import { caller, seed } from '../fixtures.js'

// Needs the Temporal dev server on TEMPORAL_ADDRESS (default 127.0.0.1:7233).
const platform = await startPlatform()
const config = platform.workerConfig()
const worker = await startWorkerProcess(config, (await import('pino')).default({ level: 'silent' }))
const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS })
const temporal = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE })
const records = new pg.Client({ connectionString: platform.databaseUrl })
await records.connect()
t.teardown(async () => { await records.end(); await worker.stop(); await connection.close(); await platform.close() })
const call = caller(platform)

// A project's record table as the record store will hold it, plus one without end-dating columns.
await records.query(`create schema project_core; create table project_core.records (id serial primary key, event_type_id integer not null,
  source_unique_id text not null, end_dated_at timestamptz)`)
await records.query('create schema project_legacy; create table project_legacy.records (id serial primary key, event_type_id integer not null)')
const addRecords = (eventTypeId: number, n: number) =>
  records.query('insert into project_core.records (event_type_id, source_unique_id) select $1::int, $1::text || \'-\' || g from generate_series(1, $2::int) g', [eventTypeId, n])
const current = async (eventTypeId: number) =>
  Number((await records.query('select count(*) as n from project_core.records where event_type_id = $1 and end_dated_at is null', [eventTypeId])).rows[0].n)

/** Polls until the GET answers 404 (the job removed the item), returning what was seen meanwhile. */
async function untilGone(path: string, timeoutMs = 60_000) {
  const seen: boolean[] = []
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    const res = await call('GET', path)
    if (res.status === 404) return seen
    seen.push(res.json.markedForDeletion)
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${path} was never removed`)
}

t.test('deleting an event type end-dates its records, then removes it', async (t) => {
  const doomed = await seed(platform, 'DOOMED')
  const kept = await seed(platform, 'KEPT')
  await addRecords(doomed.eventTypeId, 5)
  await addRecords(kept.eventTypeId, 3)
  t.equal((await call('DELETE', `/eventtypes/${doomed.eventTypeId}`)).status, 202)
  const seen = await untilGone(`/eventtypes/${doomed.eventTypeId}`)
  t.ok(seen.every((marked) => marked), 'readable and marked until the job finished')
  t.equal(await current(doomed.eventTypeId), 0, 'every record of the event type is end-dated')
  t.equal(await current(kept.eventTypeId), 3, 'other event types are untouched')
  const run = temporal.workflow.getHandle(`${platform.namespace}/delete-eventtype:${doomed.eventTypeId}`)
  t.same(await run.result(), { endDated: 5 })
  t.equal((await call('GET', `/importformats/${doomed.formatId}`)).status, 200, 'the import format stays')
  t.equal((await call('DELETE', `/importformats/${doomed.formatId}`)).status, 204, 'and is now free to delete')
})

t.test('deleting a data provider end-dates the records of all its event types, then removes them all', async (t) => {
  const provider = await seed(platform, 'GONE')
  const second = (await call('POST', '/eventtypes', { dataProviderId: provider.providerId, code: 'EGONE2', description: 'Deaths', isAuthoritative: true, category: 'Deaths' })).json
  await addRecords(provider.eventTypeId, 2)
  await addRecords(second.id, 4)
  t.equal((await call('DELETE', `/dataproviders/${provider.providerId}`)).status, 204)
  const seen = await untilGone(`/dataproviders/${provider.providerId}`)
  t.ok(seen.every((marked) => marked))
  t.same([await current(provider.eventTypeId), await current(second.id)], [0, 0])
  t.equal((await call('GET', `/eventtypes/${second.id}`)).status, 404)
  t.same(await temporal.workflow.getHandle(`${platform.namespace}/delete-dataprovider:${provider.providerId}`).result(), { eventTypes: 2, endDated: 6 })
})

t.test('with no record store the job is a no-op that still removes the item', async (t) => {
  await records.query('drop schema project_core cascade')
  const lonely = await seed(platform, 'LONELY')
  t.equal((await call('DELETE', `/eventtypes/${lonely.eventTypeId}`)).status, 202)
  await untilGone(`/eventtypes/${lonely.eventTypeId}`)
  t.same(await temporal.workflow.getHandle(`${platform.namespace}/delete-eventtype:${lonely.eventTypeId}`).result(), { endDated: 0 })
})
