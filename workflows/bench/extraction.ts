/**
 * bench:extraction --records N — N linked records (two per person, seeded straight into a project's record
 * store: this measures extraction, not linkage), then through the platform: an enduring and a snapshot
 * extraction (POST /extractions → Temporal → COPY out → CSV → zip → streamed to the results volume), each
 * downloaded through the gateway. Prints seconds, zip sizes, download MB/s, and the RSS growth of the worker
 * process and of this process (which runs the services and the download) over their pre-extraction level.
 * Run: npm run bench:extraction -- --records 1000000   (Postgres, NATS and Temporal running)
 */
import { parseArgs } from 'node:util'
import pg from 'pg'
import { api, configureProject, processMemoryMiB, startPlatform } from '@ligature/testkit'
import { ensureRecordStore } from '../src/records/record-schema.js'
import { startWorkers } from './support/worker-processes.js'

const { values } = parseArgs({ options: { records: { type: 'string', default: '100000' } } })
const records = Number(values.records)
const f = (x: number) => x.toFixed(2)
const rssMiB = (pid: number) => processMemoryMiB(pid, 'VmRSS')

const platform = await startPlatform()
const workers = await startWorkers(1, platform.workerConfig())
try {
  const { project, eventTypes } = await configureProject(platform.url, platform.adminToken, { project: 'XBENCH', provider: 'XPROV', eventTypes: ['PEOPLE'], groupStrategy: 'MergeInMemory' })
  const db = new pg.Client({ connectionString: platform.databaseUrl })
  await db.connect()
  const tSeed = performance.now()
  const schema = await ensureRecordStore(db, project.id)
  // Two records per person; one revision, committed now, made the whole map.
  await db.query(`insert into ${schema}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId", "jurisdictionalLinkageKey", surname, "givenName")
    select $1, 1, 0, n, 'rec-' || n, 'P' || ((n + 1) / 2), 'surname', 'given' from generate_series(1, $2::int) n`, [eventTypes[0].id, records])
  await db.query(`insert into ${schema}.revisions (linkage_id, kind, committed_at) values (1, 'linkage', clock_timestamp())`)
  await db.query(`insert into ${schema}.record_keys (record_id, key_number, linkage_id, from_revision) select id, (id + 1) / 2, 1, 1 from ${schema}.records`)
  await db.query(`analyze ${schema}.records; analyze ${schema}.record_keys`)
  await db.end()
  console.log(`bench:extraction  records ${records} (${records / 2} people), seeded in ${f((performance.now() - tSeed) / 1000)} s`)

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api(platform.url, method, `/api/v3.3${path}`, { token: platform.adminToken, ...(body === undefined ? {} : { body }) })
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`)
    return res.json
  }
  for (const enduring of [true, false]) {
    const ep = await call('POST', '/extractionprojects', { projectId: project.id, code: `XB-${enduring ? 'E' : 'S'}`, description: 'bench', useEnduringLinkageKeys: enduring })
    global.gc?.()
    const [workerPid] = workers.pids()
    const base = { worker: rssMiB(workerPid!), self: process.memoryUsage().rss / 1024 ** 2 }
    const peak = { ...base }
    const watch = setInterval(() => {
      peak.worker = Math.max(peak.worker, rssMiB(workerPid!))
      peak.self = Math.max(peak.self, process.memoryUsage().rss / 1024 ** 2)
    }, 50)
    const t0 = performance.now()
    const extraction = await call('POST', '/extractions', { extractionProjectId: ep.id, projectCode: 'XBENCH', eventTypeCode: 'PEOPLE' })
    let x = extraction
    while (x.callStatus < 3) { await new Promise((r) => setTimeout(r, 50)); x = await call('GET', `/extractions/${extraction.id}`) }
    const t1 = performance.now()
    if (x.statusName !== 'Complete') throw new Error(`extraction ${x.statusName}`)
    const [job] = (await call('GET', '/jobs?limit=1')) as { processingStart: string; processingFinish: string }[]
    const [result] = await call('GET', `/extractions/${extraction.id}/results`)
    const t2 = performance.now()
    const res = await fetch(`${platform.url}/api/v3.3/results/${result.id}/download`, { headers: { authorization: `Bearer ${platform.adminToken}` } })
    let bytes = 0
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length
    const t3 = performance.now()
    clearInterval(watch)
    console.log(`
${enduring ? 'enduring (LK keys)' : 'snapshot (masked keys)'}
  request → Complete      ${f((t1 - t0) / 1000)} s  (job "Extract Linkage Map" ${f((Date.parse(job!.processingFinish) - Date.parse(job!.processingStart)) / 1000)} s)
  result zip              ${(bytes / 1024 ** 2).toFixed(1)} MiB
  download via gateway    ${f((t3 - t2) / 1000)} s  = ${((bytes / 1e6) / ((t3 - t2) / 1000)).toFixed(0)} MB/s
  RSS growth              worker ${(peak.worker - base.worker).toFixed(0)} MiB (from ${base.worker.toFixed(0)}), services+download process ${(peak.self - base.self).toFixed(0)} MiB (from ${base.self.toFixed(0)})`)
  }
} finally {
  await workers.stop()
  await platform.close()
}
