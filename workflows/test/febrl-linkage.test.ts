import t from 'tap'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { api, buildEnvelope, configureProject, startPlatform, uploadEnvelope, waitForEnvelope } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'

// A real FEBRL envelope through the whole platform: upload → validation → load → link → keys.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())

const csv = readFileSync(new URL('../datasets/febrl/febrl_dataset2.csv', import.meta.url), 'utf8')
const rows = csv.trim().split('\n').length - 1

t.test('a FEBRL envelope goes Pending → Processing → Complete with every row accounted for', async (t) => {
  const { project } = await configureProject(platform.url, platform.adminToken, { project: 'FEBRL2', provider: 'FEBRL', eventTypes: ['FEBRL2'], groupStrategy: 'MergeInMemory' })
  const zip = buildEnvelope({ project: 'FEBRL2', sender: 'FEBRL', files: [{ fileName: 'febrl2.csv', eventTypeCode: 'FEBRL2', content: csv }] })
  const up = await uploadEnvelope(platform.url, platform.adminToken, 'febrl2-load.zip', zip)
  t.equal(up.status, 201)
  t.equal(up.json.statusName, 'Pending')
  const done = await waitForEnvelope(platform.url, platform.adminToken, 'febrl2-load', 240_000) as Record<string, unknown>
  const notes = await api(platform.url, 'GET', '/api/v3.3/envelopes/febrl2-load/notifications', { token: platform.adminToken })
  t.equal(done.statusName, 'Complete', JSON.stringify(notes.json))

  const jobs = await api(platform.url, 'GET', '/api/v3.3/envelopes/febrl2-load/jobs', { token: platform.adminToken })
  const load = jobs.json.find((j: { name: string }) => j.name === 'Load Linkage Request')
  const stat = (name: string) => Number(load.stats.find((s: { name: string }) => s.name === name)?.value)
  t.equal(stat('Records read'), rows, 'every data row was read')
  t.equal(stat('Records added') + stat('Records invalid'), rows, 'nothing dropped silently')

  const db = new pg.Client({ connectionString: platform.databaseUrl })
  await db.connect()
  t.teardown(() => db.end())
  const schema = `project_${project.id}`
  const stored = await db.query(`select count(*)::int as n from ${schema}.records`)
  t.equal(stored.rows[0].n, stat('Records added'), 'the store holds exactly the added records')
  // Ground truth: rec-N-org and rec-N-dup-K are one person. Most duplicates must share the original's key.
  const keyed = await db.query(`select r."sourceUniqueId" as id, k.key_number from ${schema}.records r join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null`)
  const keyOf = new Map(keyed.rows.map((r: { id: string; key_number: number }) => [r.id, Number(r.key_number)]))
  let dups = 0, linked = 0
  for (const [id, key] of keyOf) {
    const m = /^rec-(\d+)-dup-\d+$/.exec(id)
    if (!m || !keyOf.has(`rec-${m[1]}-org`)) continue
    dups++
    if (keyOf.get(`rec-${m[1]}-org`) === key) linked++
  }
  t.ok(dups > 500, `FEBRL 2 has many duplicates (${dups})`)
  t.ok(linked / dups > 0.95, `duplicates share their original's key (${linked}/${dups})`)

  const complete = notes.json.find((n: { message: string }) => n.message.startsWith('Linkage complete'))
  t.match(complete, { logLevel: 'Information', attachmentFilename: 'febrl2-load-linkage-report.json' })
  const download = await api(platform.url, 'GET', `/api/v3.3/notifications/${complete.id}/download`, { token: platform.adminToken })
  t.equal(download.status, 200)
  const report = JSON.parse(download.text)
  t.equal(report.recordsUsed, stat('Records added'), 'the report counts every stored record')
  t.equal(report.strategies.length, 4, 'one entry per active strategy')
  t.ok(report.strategies.every((s: { topBlockingValues: unknown[] }) => s.topBlockingValues.length > 0), 'each strategy lists its top blocking values')
  t.equal(report.histogram.bins.reduce((n: number, b: { count: number }) => n + b.count, 0) + report.histogram.deterministic,
    report.strategies.reduce((n: number, s: { pairsKept: number }) => n + s.pairsKept, 0), 'the score histogram counts every kept pair')
})
