import t from 'tap'
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { api, startPlatform, FEBRL_IMPORT_FORMAT } from '@ligature/testkit'
import { startWorkerProcess } from '../src/worker.js'
import { csvRows, unzipText } from './support/unzip.js'

// Linkages from data sources the platform reads itself: a Text Files folder and a PostgreSQL table, started by
// POST /linkages and by a bulk load of two entries that runs as one workflow.
const platform = await startPlatform()
t.teardown(() => platform.close())
const worker = await startWorkerProcess(platform.workerConfig())
t.teardown(() => worker.stop())
const febrl = (n: string) => new URL(`../datasets/febrl/${n}`, import.meta.url)
const folder = mkdtempSync(join(tmpdir(), 'ligature-source-'))
t.teardown(() => rmSync(folder, { recursive: true, force: true }))
copyFileSync(febrl('febrl_dataset1.csv'), join(folder, 'batch-1.csv'))
copyFileSync(febrl('febrl_dataset1.csv'), join(folder, '_partial.csv')) // never read: leading underscore

const db = new pg.Client({ connectionString: platform.databaseUrl })
await db.connect()
t.teardown(() => db.end())
const columns = FEBRL_IMPORT_FORMAT.columns.map((c) => c.name)
await db.query(`create schema staging; create table staging.people (${columns.map((c) => `${c} text`).join(', ')})`)
for (const line of readFileSync(febrl('febrl_dataset2.csv'), 'utf8').trim().split('\n').slice(1, 301)) {
  await db.query(`insert into staging.people values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, line.split(',').map((v) => v.trim()))
}

const call = async (method: string, path: string, body?: unknown) => {
  const res = await api(platform.url, method, `/api/v3.3${path}`, { token: platform.adminToken, ...(body === undefined ? {} : { body }) })
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`)
  return res.json
}
const until = async (path: string, done: (x: { status: number }) => boolean) => {
  const deadline = Date.now() + 180_000
  for (;;) {
    const x = await call('GET', path)
    if (done(x) || Date.now() > deadline) return x
    await new Promise((r) => setTimeout(r, 300))
  }
}

const provider = await call('POST', '/dataproviders', { code: 'SRC', organisation: 'Source org', contactName: 'A', email: 'a@example.org' })
const format = await call('POST', '/importformats', { ...FEBRL_IMPORT_FORMAT, name: 'FEBRL sources' })
const files = await call('POST', '/eventtypes', { dataProviderId: provider.id, code: 'FILES', description: 'From a folder', isAuthoritative: false, category: 'Test',
  dataSources: [{ dataSourceType: 'TextFiles', importFormatId: format.id, name: 'Folder', code: 'FOLDER', settings: [
    { name: 'dataPath', value: folder, isSecret: false }, { name: 'filePattern', value: '*.csv', isSecret: false },
    { name: 'columnSeparator', value: ',', isSecret: false }, { name: 'isFirstLineHeader', value: 'true', isSecret: false }] }] })
const table = await call('POST', '/eventtypes', { dataProviderId: provider.id, code: 'TABLE', description: 'From a table', isAuthoritative: false, category: 'Test',
  dataSources: [{ dataSourceType: 'PostgreSQL', importFormatId: format.id, name: 'Staging table', code: 'PG', settings: [
    { name: 'connectionString', value: platform.databaseUrl, isSecret: true }, { name: 'table', value: 'staging.people', isSecret: false }] }] })
await call('POST', '/projects', { code: 'SOURCES', name: 'Sources', description: 'Linkage from sources', eventTypeMembers: [{ eventTypeId: files.id, code: 'FILES' }, { eventTypeId: table.id, code: 'TABLE' }] })

t.test('POST /linkages reads a folder and a table, and completes', async (t) => {
  const created = await call('POST', '/linkages', { projectCode: 'SOURCES', name: 'Folder and table', linkageSources: [{ eventTypeCode: 'FILES', dataSourceCode: 'FOLDER' }, { eventTypeCode: 'TABLE', dataSourceCode: 'PG' }] })
  t.equal(created.statusName, 'Pending')
  const done = await until(`/linkages/${created.id}`, (l) => l.status === 2 || l.status === 3)
  t.equal(done.statusName, 'Complete')
  // This is the project's first linkage, so every load job so far is one of its own.
  const jobs: { name: string; state: string; stats: { name: string; value: string }[] }[] = await call('GET', '/jobs?limit=1000')
  const loads = jobs.filter((j) => j.name === 'Load Linkage Request')
  t.same(loads.map((j) => j.state), ['Complete', 'Complete'])
  const read = loads.map((j) => Number(j.stats.find((s) => s.name === 'Records read')!.value)).sort((a, b) => a - b)
  t.same(read, [300, 1000], 'the folder file (not the _partial one) and the 300 table rows')
})

t.test('a bulk load with two entries runs as one workflow that completes', async (t) => {
  const wf = await call('POST', '/linkages/bulkload', { projectCode: 'SOURCES', name: 'Two loads', envelopes: [
    { linkageSources: [{ eventTypeCode: 'FILES', dataSourceCode: 'FOLDER' }] }, { linkageSources: [{ eventTypeCode: 'TABLE', dataSourceCode: 'PG' }] }] })
  const done = await until(`/workflows/${wf.id}`, (w) => w.status >= 4)
  t.equal(done.statusName, 'Complete')
  t.ok(done.processingStart && done.processingFinish)
  const linkages: { name: string; statusName: string }[] = await call('GET', '/linkages?limit=1000')
  t.same(linkages.filter((l) => l.name.startsWith('Two loads')).map((l) => l.statusName), ['Complete', 'Complete'])
})

t.test('a bulk load with an enduring extraction project links, then extracts every event type it loaded', async (t) => {
  const sources = await call('GET', '/projects/SOURCES?byCode=true')
  const ep = await call('POST', '/extractionprojects', { projectId: sources.id, code: 'SOURCES-KEYS', description: 'Link and extract', useEnduringLinkageKeys: true })
  const wf = await call('POST', '/linkages/bulkload', { projectCode: 'SOURCES', name: 'Link and extract', extractionProjectId: ep.id, envelopes: [
    { linkageSources: [{ eventTypeCode: 'FILES', dataSourceCode: 'FOLDER' }] }, { linkageSources: [{ eventTypeCode: 'TABLE', dataSourceCode: 'PG' }] }] })
  const done = await until(`/workflows/${wf.id}`, (w) => w.status >= 4)
  t.equal(done.statusName, 'Complete')
  const extractions: { id: number; eventTypeCode: string; statusName: string }[] = await call('GET', `/extractionprojects/${ep.id}/extractions`)
  t.same(extractions.map((e) => [e.eventTypeCode, e.statusName]).sort(), [['FILES', 'Complete'], ['TABLE', 'Complete']])
  for (const e of extractions) {
    const [result] = await call('GET', `/extractions/${e.id}/results`)
    const zip = await fetch(`${platform.url}/api/v3.3/results/${result.id}/download`, { headers: { authorization: `Bearer ${platform.adminToken}` } })
    const rows = csvRows((await unzipText(Buffer.from(await zip.arrayBuffer()))).get('data-extract.csv')!)
    const live = await db.query(`select count(*)::int as n from project_${sources.id}.records r join ${'registry'}.event_types et on et.id = r.event_type_id where et.code = $1 and r.end_dated_at is null`, [e.eventTypeCode])
    t.equal(rows.length, live.rows[0].n, `${e.eventTypeCode}: every live record is in the map`)
    t.ok(rows.every((r) => /^LK\d{12}$/.test(r['Person Key']!)), 'enduring keys')
  }
})

t.test('a source that cannot be read fails the linkage with the reason', async (t) => {
  rmSync(join(folder, 'batch-1.csv'))
  const created = await call('POST', '/linkages', { projectCode: 'SOURCES', name: 'Empty folder', linkageSources: [{ eventTypeCode: 'FILES', dataSourceCode: 'FOLDER' }] })
  const done = await until(`/linkages/${created.id}`, (l) => l.status === 2 || l.status === 3)
  t.equal(done.statusName, 'Failed')
})
