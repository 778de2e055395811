import t from 'tap'
import { randomUUID } from 'node:crypto'
import { appendFile, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildEnvelope, startPlatform } from '@ligature/testkit'
import { createDropWatcher } from '../../src/drop/drop-watcher.js'
import { createEnvelopeService } from '../../src/envelopes/envelope.service.js'
import { createInbox } from '../../src/envelopes/inbox.js'
import { caller, outboxEvents } from '../support.js'

const platform = await startPlatform({ maxEnvelopeBytes: 64 * 1024 })
const call = caller(platform)
const db = platform.services.envelopes.db
const quiet = { info() {}, warn() {}, error() {} }
const watcherOn = () => createDropWatcher({
  dataDir: platform.dataDir, envelopes: createEnvelopeService(db, createInbox(platform.dataDir)), maxBytes: 64 * 1024, log: quiet, pollMs: 100, settleMs: 500,
})
let watcher = watcherOn()
await watcher.start()
t.teardown(async () => { await watcher.stop(); await platform.close() })

const drop = join(platform.dataDir, 'drop')
const zip = (n: number) => buildEnvelope({ project: 'CORE', sender: 'WAHEALTH', files: [{ fileName: 'd.csv', eventTypeCode: 'HMDS', content: `rec_id\n${n}\n` }] })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const envelope = (name: string) => call('GET', `/envelopes/${name}`)
async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(100)
  }
}
const visible = async () => (await readdir(drop)).filter((f) => !f.startsWith('.') && f !== 'rejected').sort()

t.test('a dropped zip is taken in exactly as an upload, then removed', async (t) => {
  const bytes = zip(1)
  await writeFile(join(drop, 'dropped-1.zip'), bytes)
  await waitFor(async () => (await envelope('dropped-1')).status === 200)
  t.same((await envelope('dropped-1')).json, { name: 'dropped-1', displayName: 'dropped-1.zip', createdDate: null, status: 1, statusName: 'Pending', type: 0, typeName: 'Unknown' })
  t.same(await readFile(join(platform.dataDir, 'inbox', 'dropped-1.zip')), bytes, 'the inbox holds the same bytes')
  await waitFor(async () => (await visible()).length === 0)
  t.same(await readdir(join(drop, '.claimed')), [])
  const row = await db.selectFrom('envelopes').select(['uploaded_by', 'size_bytes']).where('name', '=', 'dropped-1').executeTakeFirstOrThrow()
  t.same([row.uploaded_by, Number(row.size_bytes)], ['inbox-watcher', bytes.length])
  const received = await outboxEvents(platform, 'ligature.envelopes.envelope.received')
  t.same(received.map((e) => [e.name, e.displayName, e.sizeBytes]), [['dropped-1', 'dropped-1.zip', bytes.length]])
})

t.test('a .part file is never read; renamed to .zip it is taken in', async (t) => {
  await writeFile(join(drop, 'partial.zip.part'), zip(2))
  await sleep(1500)
  t.same(await visible(), ['partial.zip.part'])
  t.equal((await envelope('partial')).status, 404)
  await rename(join(drop, 'partial.zip.part'), join(drop, 'partial.zip'))
  await waitFor(async () => (await envelope('partial')).status === 200)
  t.same(await visible(), [])
})

t.test('a file still growing is left alone until it has settled', async (t) => {
  const path = join(drop, 'growing.zip')
  await writeFile(path, Buffer.alloc(1000, 1))
  for (let i = 0; i < 10; i++) {
    await sleep(200) // well inside the 500 ms settle time, for 2 s in all
    await appendFile(path, Buffer.alloc(1000, 2))
    t.equal((await envelope('growing')).status, 404, `not taken while growing (${i})`)
  }
  await waitFor(async () => (await envelope('growing')).status === 200)
  const row = await db.selectFrom('envelopes').select('size_bytes').where('name', '=', 'growing').executeTakeFirstOrThrow()
  t.equal(Number(row.size_bytes), 11_000, 'the whole file, not a prefix')
})

t.test('refused files move to rejected/ with the reason', async (t) => {
  await writeFile(join(drop, 'dropped-1.zip'), zip(3))
  await writeFile(join(drop, 'has space.zip'), zip(4))
  await writeFile(join(drop, 'too-big.zip'), Buffer.alloc(100 * 1024, 5))
  const rejected = join(drop, 'rejected')
  await waitFor(async () => (await readdir(rejected)).length === 6)
  const reason = async (f: string) => (await readFile(join(rejected, `${f}.reason.txt`), 'utf8')).trim()
  t.equal(await reason('dropped-1.zip'), 'Envelope name is already used.')
  t.match(await reason('has space.zip'), /^The filename must be/)
  t.equal(await reason('too-big.zip'), 'Envelope is larger than the size limit.')
  t.same(await readFile(join(rejected, 'dropped-1.zip')), zip(3), 'the refused file is kept as dropped')
  t.same(await readFile(join(platform.dataDir, 'inbox', 'dropped-1.zip')), zip(1), 'the first envelope is untouched')
  t.equal((await envelope('too-big')).status, 404)
  t.same(await visible(), [])
})

t.test('files left claimed by a stop: taken in on restart, or removed if already stored', async (t) => {
  await watcher.stop()
  await writeFile(join(drop, '.claimed', `${randomUUID()}-recovered.zip`), zip(6))
  await writeFile(join(drop, '.claimed', `${randomUUID()}-dropped-1.zip`), zip(1)) // stored, but not yet removed
  watcher = watcherOn()
  await watcher.start()
  t.same(await readdir(join(drop, '.claimed')), [], 'start empties the claimed folder')
  await waitFor(async () => (await envelope('recovered')).status === 200)
  t.equal((await envelope('recovered')).json.displayName, 'recovered.zip')
  t.same(await readFile(join(drop, 'rejected', 'dropped-1.zip')), zip(3), 'the stored one was not rejected again')
  t.same(await visible(), [])
})
