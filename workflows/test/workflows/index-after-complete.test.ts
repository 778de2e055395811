/**
 * A project's first linkage (on disk) reports its keys before it builds the blocking indexes the next linkage's
 * touched read uses: the envelope is Complete, then, still under the project lock, the indexes are built, the
 * project's records are cached, and the workflow closes (linkage-steps.ts). The next envelope finds both and reads
 * only the blocks it touches, from the cached records.
 */
import t from 'tap'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { Client, Connection } from '@temporalio/client'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { startWorkerProcess } from '../../src/worker.js'
import { localActivityType, scheduledActivityType } from './history-events.js'

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

t.test('the first envelope is Complete before its indexes are built, and the next one uses them', async (t) => {
  const { project } = await configureProject(platform.url, platform.adminToken, { project: 'IDXLATE', provider: 'FEBRL', eventTypes: ['FEBRL2'], groupStrategy: 'WeightedBestLinkOnDisk' })
  const schema = `project_${project.id}`
  const blockIndexes = async () => (await db.query(`select count(*)::int as n from pg_indexes where schemaname = $1 and indexname like 'records_block_%'`, [schema])).rows[0].n as number

  const first = await linkEnvelope('idx-first', csv(1, 1501))
  t.equal(first.stat('Index seconds'), undefined, 'the Link job no longer waits for (or reports) the index builds')
  await first.handle.result()
  t.ok(await blockIndexes() > 0, 'once the workflow closed, the blocking indexes exist')

  const events = (await first.handle.fetchHistory()).events ?? []
  const lastStateChange = events.map(localActivityType).lastIndexOf('setEnvelopeState')
  const indexing = events.findIndex((e) => scheduledActivityType(e) === 'indexForNextLinkage')
  // The lock is given back by signalling the project's lock workflow (with-project-lock.ts): the last such signal.
  const release = events.map((e) => e.signalExternalWorkflowExecutionInitiatedEventAttributes != null).lastIndexOf(true)
  t.ok(indexing > 0, 'the workflow builds the indexes in an activity of their own')
  t.ok(lastStateChange > 0 && lastStateChange < indexing, 'after its last state change, to Complete')
  t.ok(release > indexing, 'before it gives the project lock back')
  // Then the project's records are cached for the next linkage (record-cache.ts), still under the lock.
  const caching = events.findIndex((e) => scheduledActivityType(e) === 'refreshRecordCache')
  t.ok(caching > indexing && caching < release, 'the records are cached after the indexes, before the lock is given back')

  const second = await linkEnvelope('idx-second', csv(1501, 1801))
  t.equal(second.stat('Index seconds'), undefined)
  t.ok(Number(second.stat('Records read')) < 1800, `the next linkage reads only touched blocks (${second.stat('Records read')} of 1,800 records)`)
  t.equal(second.stat('Records read from'), 'record cache', 'from the project\'s cached records and the 300 added since')
  const later = (await second.handle.fetchHistory()).events ?? []
  t.notOk(later.some((e) => scheduledActivityType(e) === 'indexForNextLinkage'), 'a later linkage has no index step')
})
