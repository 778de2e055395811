import t from 'tap'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { jetstreamManager } from '@nats-io/jetstream'
import { buildEnvelope, configureProject, startPlatform, uploadEnvelope } from '@ligature/testkit'
import { connectNats, streamIn } from '@ligature/service-kit'
import { startWorkerProcess } from '../src/worker.js'
import { privateServersMissing, startPrivateNats, startPrivatePostgres } from './support/private-servers.js'

// NATS and PostgreSQL restarted in the middle of linkage envelopes: every envelope still reaches a final state,
// with the keys of a run that was never interrupted, and every outbox event reaches the stream and its consumer.
// The machine's shared servers serve other suites, so this test runs a PostgreSQL cluster and a NATS server of
// its own and restarts those. Temporal is the shared dev server (its task queue is this platform's own).
const missing = privateServersMissing()
if (missing) t.plan(0, `skipped: ${missing}`)
else await run()

async function run() {
  t.setTimeout(480_000)
  const seed = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 1e6))
  t.comment(`fault-restart seed ${seed} (FAULT_SEED=${seed} repeats these restart moments)`)
  let state = seed
  const random = () => { state = (state * 1103515245 + 12345) % 2 ** 31; return state / 2 ** 31 }

  const postgres = await startPrivatePostgres()
  const nats = await startPrivateNats()
  const platform = await startPlatform({ adminDatabaseUrl: postgres.url, natsUrl: nats.url })
  let worker: Awaited<ReturnType<typeof startWorkerProcess>> | undefined
  t.teardown(async () => {
    await worker?.stop().catch(() => {})
    await platform.close().catch(() => {})
    await nats.destroy()
    await postgres.destroy()
  })
  worker = await startWorkerProcess(platform.workerConfig())
  const admin = platform.adminToken

  // Four envelopes of 1,000 FEBRL rows each, one project each so they run side by side; the reference projects
  // get the same files first, uninterrupted.
  const lines = readFileSync(new URL('../datasets/febrl/febrl_dataset2.csv', import.meta.url), 'utf8').trim().split('\n')
  const files = [0, 1, 2, 3].map((i) => [lines[0], ...lines.slice(1 + i * 1000, 1 + (i + 1) * 1000)].join('\n') + '\n')
  const projects = async (prefix: string) => {
    const ids: number[] = []
    for (const [i] of files.entries()) ids.push((await configureProject(platform.url, admin, { project: `${prefix}${i}`, provider: `${prefix}P${i}`, eventTypes: [`${prefix}E${i}`], groupStrategy: 'MergeInMemory' })).project.id)
    return ids
  }
  const send = async (prefix: string, i: number) => {
    const zip = buildEnvelope({ project: `${prefix}${i}`, sender: `${prefix}P${i}`, files: [{ fileName: 'febrl.csv', eventTypeCode: `${prefix}E${i}`, content: files[i]! }] })
    const up = await uploadEnvelope(platform.url, admin, `${prefix.toLowerCase()}-${i}.zip`, zip)
    if (up.status !== 201) throw new Error(`upload ${prefix}${i}: ${up.status} ${JSON.stringify(up.json)}`)
  }
  // Polls through the gateway, which answers 5xx while PostgreSQL is down: those answers are waited out.
  const envelope = async (name: string) => {
    const res = await fetch(`${platform.url}/api/v3.3/envelopes/${name}`, { headers: { authorization: `Bearer ${admin}` } }).catch(() => undefined)
    return res?.ok ? await res.json() as { status: number; statusName: string } : undefined
  }
  const until = async (what: string, check: () => Promise<boolean>, ms = 300_000) => {
    for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 100))) if (Date.now() > end) throw new Error(`${what} never happened`)
  }
  /** Waits for every envelope to be final; `seen` gets when each was first seen processing and when final. */
  const terminal = async (names: string[], seen = new Map<string, { processing?: number; final?: number }>()) => {
    const states = new Map<string, string>()
    await until(`${names.join(', ')} final`, async () => {
      for (const n of names) {
        const e = await envelope(n)
        const at = seen.get(n) ?? {}
        if (e && e.status === 2) at.processing ??= Date.now()
        if (e && e.status >= 3) { states.set(n, e.statusName); at.final ??= Date.now() }
        seen.set(n, at)
      }
      return states.size === names.length
    })
    return states
  }
  const db = async () => { const c = new pg.Client({ connectionString: platform.databaseUrl }); await c.connect(); return c }
  const SCHEMAS = ['registry', 'projects', 'envelopes', 'results']
  const unpublished = async () => {
    const c = await db()
    try {
      const { rows } = await c.query<{ n: number }>(`select count(*)::int as n from (${SCHEMAS.map((s) => `select 1 from ${s}.outbox where published_at is null`).join(' union all ')}) x`)
      return rows[0]!.n
    } finally { await c.end() }
  }
  const keysOf = async (projectId: number) => {
    const c = await db()
    try {
      const { rows } = await c.query<{ id: string; key: number }>(`select r."sourceUniqueId" as id, k.key_number as key from project_${projectId}.records r join project_${projectId}.record_keys k on k.record_id = r.id and k.to_revision is null`)
      return new Map(rows.map((r) => [r.id, Number(r.key)]))
    } finally { await c.end() }
  }

  const reference = await projects('RSREF')
  const restarted = await projects('RSRST')

  t.test('restarting NATS and PostgreSQL mid-flow loses no envelope, key or event', async (t) => {
    for (const i of files.keys()) await send('RSREF', i)
    const refTimes = new Map<string, { processing?: number; final?: number }>()
    const refStates = await terminal(files.map((_, i) => `rsref-${i}`), refTimes)
    t.same([...refStates.values()], ['Complete', 'Complete', 'Complete', 'Complete'], 'the uninterrupted envelopes complete')
    // How long an envelope stays processing on this machine, at the least, four side by side. PostgreSQL stops at a
    // random moment within a quarter of it: the two envelopes running then finish in about half the time, and a
    // pause of up to 1 s let a fast machine finish them all first.
    const windows = [...refTimes.values()].flatMap((x) => x.processing !== undefined && x.final !== undefined ? [x.final - x.processing] : [])
    const processingMs = windows.length > 0 ? Math.min(...windows) : 200

    // Two envelopes go in; NATS stops once the first is processing, and two more arrive while it is down (their
    // `received` events wait in the outbox); PostgreSQL stops, immediately, once one of those is processing.
    const started = Date.now()
    const restarts: string[] = []
    await send('RSRST', 0)
    await send('RSRST', 1)
    await until('rsrst-0 processing', async () => ((await envelope('rsrst-0'))?.status ?? 0) >= 2)
    await new Promise((r) => setTimeout(r, Math.floor(random() * 1000)))
    await nats.stop()
    restarts.push(`nats at +${Date.now() - started} ms`)
    await send('RSRST', 2)
    await send('RSRST', 3)
    await new Promise((r) => setTimeout(r, 1500))
    const held = await unpublished()
    t.ok(held > 0, `events waiting in the outboxes while NATS is down: ${held}`)
    await nats.start()
    await until('an envelope sent while NATS was down processing', async () => ((await envelope('rsrst-2'))?.status ?? 0) >= 2 || ((await envelope('rsrst-3'))?.status ?? 0) >= 2)
    await new Promise((r) => setTimeout(r, Math.floor(random() * processingMs / 4)))
    const before = await Promise.all(files.map((_, i) => envelope(`rsrst-${i}`)))
    await postgres.stop('immediate')
    restarts.push(`postgres at +${Date.now() - started} ms`)
    await new Promise((r) => setTimeout(r, 1500))
    await postgres.start()
    const inFlight = before.filter((e) => e !== undefined && e.status < 3).length
    t.ok(inFlight > 0, `envelopes in flight when PostgreSQL stopped: ${inFlight}`)

    const names = files.map((_, i) => `rsrst-${i}`)
    const states = await terminal(names)
    for (const [name, status] of states) {
      if (status === 'Complete') continue
      // Failed is a final state only with a notification that says why.
      const notes = await (await fetch(`${platform.url}/api/v3.3/envelopes/${name}/notifications`, { headers: { authorization: `Bearer ${admin}` } })).json() as { logLevel: string; message: string }[]
      t.comment(`${name} ${status}: ${notes.filter((n) => n.logLevel === 'Error').map((n) => n.message).join('; ')}`)
    }
    t.same([...states.values()], ['Complete', 'Complete', 'Complete', 'Complete'], 'every interrupted envelope completes')

    // Every outbox row of every service reaches the stream (the relay's message id is `<schema>-<row id>`) and
    // the `received` events reach the dispatcher's consumer, which holds nothing back.
    await until('outboxes drained', async () => (await unpublished()) === 0, 60_000)
    const c = await db()
    const outbox: string[] = []
    try {
      for (const schema of SCHEMAS) {
        const { rows } = await c.query<{ id: number }>(`select id from ${schema}.outbox order by id`)
        outbox.push(...rows.map((r) => `${schema}-${r.id}`))
      }
    } finally { await c.end() }
    const nc = await connectNats(nats.url, 'fault-restart-test')
    t.teardown(() => nc.close())
    const jsm = await jetstreamManager(nc)
    const stream = streamIn(platform.namespace)
    const { state: streamState } = await jsm.streams.info(stream)
    const published = new Set<string>()
    for (let seq = streamState.first_seq; seq <= streamState.last_seq; seq++) {
      const msg = await jsm.streams.getMessage(stream, { seq })
      const id = msg?.header.get('Nats-Msg-Id')
      if (id) published.add(id)
    }
    const delivered = outbox.filter((id) => published.has(id)).length
    t.equal(streamState.messages, published.size, 'no event twice in the stream')
    // The dispatcher's durable consumers (one per event that starts a workflow) hold nothing back.
    const consumers = await jsm.consumers.list(stream).next()
    t.ok(consumers.some((c) => c.name.startsWith('envelopeReceived-dispatcher')), 'the envelopes\' consumer survived the restart')
    t.same(consumers.filter((c) => c.num_pending > 0 || c.num_ack_pending > 0).map((c) => c.name), [], `all ${consumers.length} consumers caught up`)

    let identical = 0, total = 0
    for (const i of files.keys()) {
      const want = await keysOf(reference[i]!)
      const got = await keysOf(restarted[i]!)
      total += want.size
      identical += [...want].filter(([id, key]) => got.get(id) === key).length
      t.equal(got.size, want.size, `project ${i}: every record keyed once`)
    }
    const complete = [...states.values()].filter((s) => s === 'Complete').length
    t.comment(`restarts ${restarts.length} (${restarts.join(', ')}; an envelope stays processing ${processingMs} ms at the least), envelopes terminal ${states.size} of ${names.length} (${complete} Complete), events delivered ${delivered} of ${outbox.length}, identical keys ${identical} of ${total}`)
    t.equal(delivered, outbox.length, 'every outbox event is in the stream')
    t.equal(identical, total, 'every record has the key of the uninterrupted run')
  })
}
