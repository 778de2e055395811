import t from 'tap'
import pg from 'pg'
import { Client, Connection } from '@temporalio/client'
import { startPlatform } from '@ligature/testkit'
import { startWorkerProcess } from '@ligature/workflows/worker'
import { ensureRecordStore } from '@ligature/workflows/record-store'
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

/**
 * A project with a real record store holding one linked group per entry of `groups`: each a chain of records
 * `[suid, eventTypeId]` paired one to the next (as a linkage stores them), all under one key.
 */
async function projectWith(code: string, eventTypeIds: number[], groups: [string, number][][]) {
  const created = await call('POST', '/projects', { code, name: `${code} project`, description: 'deletion test',
    eventTypeMembers: eventTypeIds.map((id) => ({ eventTypeId: id, code: `E${id}` })) })
  if (created.status !== 201) throw new Error(`project ${code}: ${created.status} ${JSON.stringify(created.json)}`)
  const project = created.json
  const schema = await ensureRecordStore(records, project.id)
  const revision = (await records.query(`insert into ${schema}.revisions (kind, committed_at) values ('linkage', now()) returning revision`)).rows[0].revision
  for (const [key, chain] of groups.entries()) {
    const ids: number[] = []
    for (const [row, [suid, et]] of chain.entries()) {
      const id = (await records.query(`insert into ${schema}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId") values ($1, 1, 0, $2, $3) returning id`, [et, row + 1, suid])).rows[0].id
      await records.query(`insert into ${schema}.record_keys (record_id, key_number, linkage_id, from_revision) values ($1, $2, 1, $3)`, [id, key + 1, revision])
      if (ids.length) await records.query(`insert into ${schema}.pairs (linkage_id, left_id, right_id, strategy, score) values (1, $1, $2, 's', 9)`, [ids.at(-1), id])
      ids.push(Number(id))
    }
  }
  await records.query(`update ${schema}.key_sequence set next_key = $1`, [groups.length + 1])
  return { project, schema }
}
const liveMap = async (schema: string) => Object.fromEntries((await records.query(`select r."sourceUniqueId" as suid, k.key_number::int as key from ${schema}.records r
  join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by 1`)).rows.map((r: { suid: string; key: number }) => [r.suid, r.key]))

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

t.test('deleting an event type withdraws its records like a deletion (one job per project), then removes it', async (t) => {
  const doomed = await seed(platform, 'DOOMED')
  const kept = await seed(platform, 'KEPT')
  // d1 bridges k1 and k2; d2 and d3 form a group of the doomed event type alone; k3 is untouched.
  const { project, schema } = await projectWith('DELP', [doomed.eventTypeId, kept.eventTypeId],
    [[['k1', kept.eventTypeId], ['d1', doomed.eventTypeId], ['k2', kept.eventTypeId]], [['d2', doomed.eventTypeId], ['d3', doomed.eventTypeId]], [['k3', kept.eventTypeId]]])
  t.equal((await call('DELETE', `/eventtypes/${doomed.eventTypeId}`)).status, 202)
  const seen = await untilGone(`/eventtypes/${doomed.eventTypeId}`)
  t.ok(seen.every((marked) => marked), 'readable and marked until the job finished')
  t.same(await liveMap(schema), { k1: 1, k2: 4, k3: 3 }, 'its records leave; the bridged group splits: k1 (oldest) keeps key 1, k2 takes a new one')
  const run = temporal.workflow.getHandle(`${platform.namespace}/delete-eventtype:${doomed.eventTypeId}`)
  t.same(await run.result(), { endDated: 3 })
  const revisions = await records.query(`select kind, reason from ${schema}.revisions order by revision`)
  t.same(revisions.rows, [{ kind: 'linkage', reason: null }, { kind: 'withdrawal', reason: 'event type EDOOMED deleted' }])
  const jobs = (await call('GET', '/jobs?limit=1000')).json.filter((j: { name: string; projectId: number }) => j.name === 'End-Date Event Type' && j.projectId === project.id)
  t.equal(jobs.length, 1)
  t.match(jobs[0], { state: 'Complete', stats: [{ name: 'Event types', value: String(doomed.eventTypeId) }, { name: 'Records end-dated', value: '3' },
    { name: 'Groups affected', value: '2' }, { name: 'Groups split', value: '1' }, { name: 'Groups after regrouping', value: '2' }, { name: 'Keys issued', value: '1' }, { name: 'Keys ended', value: '1' }] })
  t.equal((await call('GET', `/importformats/${doomed.formatId}`)).status, 200, 'the import format stays')
  t.equal((await call('DELETE', `/importformats/${doomed.formatId}`)).status, 204, 'and is now free to delete')
})

t.test('deleting a data provider withdraws the records of all its event types, then removes them all', async (t) => {
  const provider = await seed(platform, 'GONE')
  const second = (await call('POST', '/eventtypes', { dataProviderId: provider.providerId, code: 'EGONE2', description: 'Deaths', isAuthoritative: true, category: 'Deaths' })).json
  const { schema } = await projectWith('GONEP', [provider.eventTypeId, second.id], [[['g1', provider.eventTypeId], ['g2', second.id]], [['g3', second.id]]])
  t.equal((await call('DELETE', `/dataproviders/${provider.providerId}`)).status, 204)
  const seen = await untilGone(`/dataproviders/${provider.providerId}`)
  t.ok(seen.every((marked) => marked))
  t.same(await liveMap(schema), {})
  t.equal((await call('GET', `/eventtypes/${second.id}`)).status, 404)
  t.same(await temporal.workflow.getHandle(`${platform.namespace}/delete-dataprovider:${provider.providerId}`).result(), { eventTypes: 2, endDated: 3 })
})

t.test('with no records of it anywhere the job is a no-op that still removes the item', async (t) => {
  const lonely = await seed(platform, 'LONELY')
  t.equal((await call('DELETE', `/eventtypes/${lonely.eventTypeId}`)).status, 202)
  await untilGone(`/eventtypes/${lonely.eventTypeId}`)
  t.same(await temporal.workflow.getHandle(`${platform.namespace}/delete-eventtype:${lonely.eventTypeId}`).result(), { endDated: 0 })
})
