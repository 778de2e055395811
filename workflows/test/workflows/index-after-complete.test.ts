/**
 * A project's first linkage (on disk) reports its keys before it readies the next linkage's touched read: the
 * envelope is Complete, then, still under the project lock, the step for the next linkage runs (no index: the
 * record cache stands in for them, touched-read-ready.ts), the project's records are cached, and the workflow
 * closes (linkage-steps.ts). The next envelope reads only the blocks it touches, from the cached records.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { Client, Connection } from '@temporalio/client'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { startWorkerProcess } from '../../src/worker.js'
import type proto from '@temporalio/proto'
import { activeStrategies, defaultStrategies } from '@ligature/engine'
import { ensureLinkageIndexes } from '../../src/records/touched-records.js'
import { localActivityType, scheduledActivityType } from './history-events.js'

type HistoryEvent = proto.temporal.api.history.v1.IHistoryEvent

const platform = await startPlatform()
t.teardown(() => platform.close())
const config = platform.workerConfig()
const worker = await startWorkerProcess(config)
t.teardown(() => worker.stop())
const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS })
t.teardown(() => connection.close())
const temporal = new Client({ connection })
const db = new pg.Client({ connectionString: platform.databaseUrl })
await db.connect()
t.teardown(() => db.end())

const lines = readFileSync(new URL('../../datasets/febrl/febrl_dataset2.csv', import.meta.url), 'utf8').trim().split('\n')
const csv = (from: number, to: number) => `${lines[0]}\n${lines.slice(from, to).join('\n')}\n`
type Job = { name: string; stats: { name: string; value: string }[] }

async function linkEnvelope(name: string, content: string) {
  const zip = buildEnvelope({ project: 'IDXLATE', sender: 'FEBRL', files: [{ fileName: `${name}.csv`, eventTypeCode: 'FEBRL2', content }] })
  t.equal((await uploadEnvelope(platform.url, platform.adminToken, `${name}.zip`, zip)).status, 201)
  const done = await waitForEnvelope(platform.url, platform.adminToken, name, 240_000) as { statusName: string }
  t.equal(done.statusName, 'Complete', `${name} is Complete`)
  const jobs = (await api(platform.url, 'GET', `/api/v3.3/envelopes/${name}/jobs`, { token: platform.adminToken })).json as Job[]
  const link = jobs.find((j) => j.name === 'Link')!
  return { handle: temporal.workflow.getHandle(`${platform.namespace}/envelope:${name}`), stat: (s: string) => link.stats.find((x) => x.name === s)?.value }
}

/** What an activity of the workflow returned, from its history. */
function resultOf<T>(events: HistoryEvent[], activity: string): T | null {
  const scheduled = events.find((e) => scheduledActivityType(e) === activity)
  const completed = scheduled && events.find((e) => String(e.activityTaskCompletedEventAttributes?.scheduledEventId) === String(scheduled.eventId))
  const data = completed?.activityTaskCompletedEventAttributes?.result?.payloads?.[0]?.data
  return data ? JSON.parse(Buffer.from(data).toString('utf8')) as T : null
}

t.test('the first envelope is Complete before the next linkage is readied; the next one reads from the cached records, and no blocking index is kept', async (t) => {
  const { project } = await configureProject(platform.url, platform.adminToken, { project: 'IDXLATE', provider: 'FEBRL', eventTypes: ['FEBRL2'], groupStrategy: 'WeightedBestLinkOnDisk' })
  const schema = `project_${project.id}`
  const blockIndexes = async () => (await db.query(`select count(*)::int as n from pg_indexes where schemaname = $1 and indexname like 'records_block_%'`, [schema])).rows[0].n as number

  const first = await linkEnvelope('idx-first', csv(1, 1501))
  t.equal(first.stat('Index seconds'), undefined, 'the Link job no longer waits for (or reports) the index builds')
  await first.handle.result()
  const events = (await first.handle.fetchHistory()).events ?? []
  t.same(resultOf(events, 'indexForNextLinkage'), { indexSeconds: null }, 'the step for the next linkage built no index: the record cache stands in')
  t.match(resultOf(events, 'refreshRecordCache'), { written: true, reason: 'missing', rows: 1500 }, 'the project\'s records are cached')
  t.equal(await blockIndexes(), 0, 'once the workflow closed, there is no blocking index')

  const lastStateChange = events.map(localActivityType).lastIndexOf('setEnvelopeState')
  const indexing = events.findIndex((e) => scheduledActivityType(e) === 'indexForNextLinkage')
  // The lock is given back by signalling the project's lock workflow (with-project-lock.ts): the last such signal.
  const release = events.map((e) => e.signalExternalWorkflowExecutionInitiatedEventAttributes != null).lastIndexOf(true)
  t.ok(indexing > 0, 'the workflow readies the next linkage in an activity of its own')
  t.ok(lastStateChange > 0 && lastStateChange < indexing, 'after its last state change, to Complete')
  t.ok(release > indexing, 'before it gives the project lock back')
  const caching = events.findIndex((e) => scheduledActivityType(e) === 'refreshRecordCache')
  t.ok(caching > indexing && caching < release, 'the records are cached after it, before the lock is given back')

  // A project indexed before (or by a linkage with the cache off) loses its indexes once a copy stands in.
  await ensureLinkageIndexes(db, schema, activeStrategies(defaultStrategies()))
  t.ok(await blockIndexes() > 0, 'indexes made as an older release made them')
  const second = await linkEnvelope('idx-second', csv(1501, 1801))
  t.equal(second.stat('Index seconds'), undefined)
  t.ok(Number(second.stat('Records read')) < 1800, `the next linkage reads only touched blocks (${second.stat('Records read')} of 1,800 records)`)
  t.equal(second.stat('Records read from'), 'record cache', 'from the project\'s cached records and the 300 added since')
  await second.handle.result()
  const later = (await second.handle.fetchHistory()).events ?? []
  t.notOk(later.some((e) => scheduledActivityType(e) === 'indexForNextLinkage'), 'a later linkage has no index step')
  t.match(resultOf(later, 'refreshRecordCache'), { reason: 'grown' }, 'its records are cached again: 300 added pass a twentieth of 1,500')
  t.equal(await blockIndexes(), 0, 'and the older indexes are gone')
})
