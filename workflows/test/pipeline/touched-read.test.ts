import t from 'tap'
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { buildBlocks, defaultStrategies, termFrequencyAdjustments } from '@ligature/engine'
import { groupLinkage } from '../../src/pipeline/group-linkage.js'
import { matchPartition } from '../../src/pipeline/link-partition.js'
import { linkProject } from '../../src/pipeline/link-project.js'
import { readForMatching, type LinkageRead } from '../../src/pipeline/linkage-read.js'
import { LinkageTableCache } from '../../src/pipeline/linkage-table-cache.js'
import { loadFile } from '../../src/pipeline/load-file.js'
import { deleteListedRecords } from '../../src/records/delete-records.js'
import { clearLinkagePairs } from '../../src/records/linkage-pairs.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'
import { rollbackLastChange } from '../../src/records/rollback.js'
import { ensureLinkageIndexes, readTermCounts, refreshReadStatistics, termFrequencyFields } from '../../src/records/touched-records.js'
import { febrlFilePlan, writeFebrlParts } from '../support/febrl-files.js'

// Issue 18: a linkage that reads only the blocks its incoming records touch stores exactly the keys a linkage
// reading the whole project stores — through later linkages, a deletion and rollbacks (of a linkage, then of
// the deletion, which brings records back). Two copies of one project, in a real database, linked each way.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const dir = mkdtempSync(join(tmpdir(), 'ligature-touched-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

const strategies = defaultStrategies()
// FEBRL 3 (5,000 records, originals and duplicates in random order) in four envelopes of 3,500, 700, 400, 400.
writeFebrlParts(dir, [1, 3501, 4201, 4601, 5001])

async function load(schema: string, linkageId: number) {
  await loadFile(client, {
    folder: dir, reportDir: dir, reportName: `invalid-${schema}-${linkageId}.csv`, schema, linkageId,
    file: febrlFilePlan(`part${linkageId}.csv`),
  })
}

/** One linkage as the workflow runs it: on disk in two block partitions then grouping, or in memory. */
async function link(schema: string, linkageId: number, groupStrategy: string, read: LinkageRead) {
  if (!groupStrategy.endsWith('OnDisk')) {
    const linked = await linkProject(client, { schema, linkageId, strategies, groupStrategy, authoritativeEventTypeIds: [], read })
    return { records: linked.records, groupsDeleted: linked.report.groupsDeleted }
  }
  await clearLinkagePairs(client, schema, linkageId)
  if (read === 'touched') await ensureLinkageIndexes(client, schema, strategies)
  const cache = new LinkageTableCache()
  let records = 0
  for (const index of [0, 1]) records = (await matchPartition(client, { schema, linkageId, strategies, partition: { index, count: 2 }, read }, cache)).records
  const group = await groupLinkage(client, { schema, linkageId, groupStrategy, authoritativeEventTypeIds: [], strategyCount: strategies.length, read })
  return { records, groupsDeleted: group.groupsDeleted }
}

/** The whole key map: every active record's key number, and the next key number. */
async function keyMap(schema: string): Promise<string> {
  const rows = await client.query<{ suid: string; key: string }>(`select r."sourceUniqueId" as suid, k.key_number as key from ${schema}.records r
    join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by 1`)
  const next = await client.query<{ next_key: string }>(`select next_key from ${schema}.key_sequence`)
  return `${rows.rows.map((r) => `${r.suid}=${r.key}`).join(' ')} next=${next.rows[0]!.next_key}`
}
const active = async (schema: string) => Number((await client.query<{ n: string }>(`select count(*) as n from ${schema}.records where end_dated_at is null`)).rows[0]!.n)

// Merge joins existing groups through a new record, so it needs every member of a touched group; best-link never does.
for (const [projectBase, groupStrategy] of [[10, 'WeightedBestLinkOnDisk'], [20, 'MergeInMemory'], [40, 'MergeOnDisk']] as const) {
  t.test(`${groupStrategy}: touched-block reads store the keys full reads store`, async (t) => {
    const full = await ensureRecordStore(client, projectBase), touched = await ensureRecordStore(client, projectBase + 1)
    let merges = 0
    const step = async (linkageId: number, what: string) => {
      await load(full, linkageId); await load(touched, linkageId)
      await link(full, linkageId, groupStrategy, 'full')
      const linked = await link(touched, linkageId, groupStrategy, 'touched')
      merges += linked.groupsDeleted
      t.equal(await keyMap(touched), await keyMap(full), `${what}: the same key map`)
      return linked.records
    }
    await step(1, 'the first linkage')
    const read = await step(2, 'a second linkage')
    t.ok(read < (await active(touched)) * 0.9, `the second linkage read ${read} of ${await active(touched)} records`)

    // Delete records of the first envelope that the second joined, then link the third envelope.
    const joined = await client.query<{ suid: string }>(`select r."sourceUniqueId" as suid from ${full}.records r
      join ${full}.record_keys k on k.record_id = r.id and k.to_revision is null
      where r.linkage_id = 1 and k.key_number in (select k2.key_number from ${full}.record_keys k2 join ${full}.records r2 on r2.id = k2.record_id
        where r2.linkage_id = 2 and k2.to_revision is null) order by 1 limit 40`)
    t.ok(joined.rows.length >= 20, 'records of the first envelope grouped with the second')
    const idsPath = join(dir, `delete-${projectBase}.txt`)
    writeFileSync(idsPath, joined.rows.map((r) => r.suid).join('\n') + '\n')
    for (const schema of [full, touched]) {
      const deleted = await deleteListedRecords(client, { schema, eventTypeId: 1, idsPath, source: `delete-${schema}` })
      t.equal(deleted.recordsEndDated, joined.rows.length, `${schema}: the listed records end-dated`)
    }
    t.equal(await keyMap(touched), await keyMap(full), 'after the deletion: the same key map')
    await step(3, 'a linkage after the deletion')

    // Roll back the third linkage, then the deletion (its records come back), and link the fourth envelope.
    for (const undo of ['linkage', 'deletion']) {
      for (const schema of [full, touched]) {
        const rolled = await rollbackLastChange(client, { schema, source: `rollback-${undo}-${schema}`, actor: 'test', reason: 'test' })
        t.equal(rolled.undone?.kind, undo, `undid the ${undo}`)
      }
    }
    t.equal(await keyMap(touched), await keyMap(full), 'after the rollbacks: the same key map')
    await step(4, 'a linkage after rolling back a linkage and the deletion')
    const back = await client.query<{ n: string }>(`select count(*) as n from ${touched}.records r join ${touched}.record_keys k on k.record_id = r.id and k.to_revision is null
      where r."sourceUniqueId" = any($1::text[]) and r.end_dated_at is null`, [joined.rows.map((r) => r.suid)])
    t.equal(Number(back.rows[0]!.n), joined.rows.length, 'the deleted records are back, keyed')
    if (groupStrategy.startsWith('Merge')) t.ok(merges > 0, `existing groups were merged through new records (${merges} keys retired)`)
  })
}

t.test('term counts and block sizes of a touched read are the whole project\'s', async (t) => {
  const schema = await ensureRecordStore(client, 30)
  await load(schema, 1)
  await link(schema, 1, 'WeightedBestLinkOnDisk', 'full')
  await load(schema, 2)
  await ensureLinkageIndexes(client, schema, strategies)
  const whole = await readForMatching(client, schema, 2, strategies, 'full')
  const part = await readForMatching(client, schema, 2, strategies, 'touched')
  t.ok(part.ids.length < whole.ids.length, `the touched read holds ${part.ids.length} of ${whole.ids.length} records`)
  // A block partition only matches, so its read skips the key table; a caller grouping from the table reads keys.
  const keyed = await readForMatching(client, schema, 2, strategies, 'full', true)
  t.same(Array.from(keyed.ids), Array.from(whole.ids), 'the same records read with keys and without')
  t.ok([whole, part].every((r) => r.previousKeys.every((k) => k === 0)), 'a read for matching leaves every key at 0')
  t.ok(Array.from(keyed.previousKeys).every((k, i) => (k > 0) === (keyed.isNew[i] === 0)), 'a read for grouping has the key of every existing record')
  const incoming = Array.from(whole.ids).filter((_, i) => whole.isNew[i] === 1)
  const index = (ids: Float64Array) => new Map(Array.from(ids, (id, i) => [id, i]))
  const inWhole = index(whole.ids), inPart = index(part.ids)
  t.equal(incoming.length, 700, 'every incoming record in both')
  for (const field of ['givenName', 'surname']) {
    const counts = await readTermCounts(client, schema, 2, field)
    const column = whole.table!.column(field)
    let present = 0
    const byCode = new Map<string, number>()
    for (const c of column.codes) if (c !== 0) { present++; byCode.set(column.values[c]!, (byCode.get(column.values[c]!) ?? 0) + 1) }
    t.equal(counts.present, present, `${field}: records with a value, counted in SQL as over the whole table`)
    const values = new Set(incoming.map((id) => column.value(inWhole.get(id)!)).filter((v) => v !== ''))
    t.same([...values].map((v) => counts.byValue.get(v)), [...values].map((v) => byCode.get(v)), `${field}: each incoming value's count`)
    const u = strategies[0]!.matchingFields.find((m) => m.field === field)!.u
    const wholeTf = termFrequencyAdjustments(column, u), partColumn = part.table!.column(field)
    const partTf = termFrequencyAdjustments(partColumn, u, undefined, part.table!.termCounts(field))
    t.ok(incoming.every((id) => wholeTf[column.codes[inWhole.get(id)!]!] === partTf[partColumn.codes[inPart.get(id)!]!]), `${field}: the same adjustment for every incoming record`)
  }
  // Every block holding an incoming record is read whole, so the size that decides whether it is large is the same.
  for (const strategy of strategies) {
    const a = buildBlocks(whole.table!, strategy.blockingFields), b = buildBlocks(part.table!, strategy.blockingFields)
    const size = (blocks: typeof a, i: number) => blocks.blockOf[i]! < 0 ? 0 : blocks.starts[blocks.blockOf[i]! + 1]! - blocks.starts[blocks.blockOf[i]!]!
    t.ok(incoming.every((id) => size(a, inWhole.get(id)!) === size(b, inPart.get(id)!)), `${strategy.name}: every incoming record's block has its full size`)
  }
})

t.test('a first linkage leaves the touched read its indexes, and a later load refreshes its statistics', async (t) => {
  const schema = await ensureRecordStore(client, 50)
  const blockIndexes = async () => (await client.query<{ indexname: string }>(`select indexname from pg_indexes where schemaname = $1 and indexname like 'records_block_%'`, [schema])).rows.length
  // The planner's row estimate for one linkage's records: what decides hash joins against nested loops.
  const estimate = async (linkageId: number) => {
    const plan = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(`explain (format json) select id from ${schema}.records where linkage_id = ${linkageId}`)
    return plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']
  }
  // Autovacuum would analyse a table this small after the second load by itself, at a moment of its choosing.
  await client.query(`alter table ${schema}.records set (autovacuum_enabled = false)`)
  await load(schema, 1)
  t.equal(await blockIndexes(), 0, 'no index before the first linkage')
  const first = await linkProject(client, { schema, linkageId: 1, strategies, groupStrategy: 'MergeInMemory', authoritativeEventTypeIds: [] })
  const distinct = new Set(strategies.map((s) => s.blockingFields.map((b) => b.field).join('|'))).size
  t.equal(await blockIndexes(), distinct, `one index per set of blocking fields (${distinct}) once the first linkage stored its keys`)
  t.ok(first.stats.some((s) => s.name === 'Index seconds'), 'the first linkage reports the time it spent indexing')
  await load(schema, 2)
  const stale = await estimate(2)
  t.ok(stale < 70, `before the refresh the planner expects ${stale} of linkage 2's 700 rows`)
  const second = await linkProject(client, { schema, linkageId: 2, strategies, groupStrategy: 'MergeInMemory', authoritativeEventTypeIds: [] })
  const fresh = await estimate(2)
  t.ok(fresh > 350 && fresh < 1400, `after it, ${fresh} of 700`)
  t.notOk(second.stats.some((s) => s.name === 'Index seconds'), 'a later linkage builds no index of its own')
})

t.test('the block indexes cover the touched read, replace an older definition and are read index-only', async (t) => {
  const schema = await ensureRecordStore(client, 51)
  await load(schema, 1)
  // A project indexed before the indexes covered: the same fields, indexed by their values alone.
  const legacy = `records_block_${createHash('md5').update(['surnameSoundex', 'givenNameSoundex'].join('\u0000')).digest('hex').slice(0, 16)}`
  await client.query(`create index ${legacy} on ${schema}.records ((coalesce("surnameSoundex", '')), (coalesce("givenNameSoundex", ''))) where end_dated_at is null`)
  await client.query(`alter table ${schema}.records set (autovacuum_enabled = false)`)
  await ensureLinkageIndexes(client, schema, strategies)
  const blockIndexes = (await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = $1 and indexname like 'records_block_%'`, [schema])).rows
  t.notOk(blockIndexes.some((i) => i.indexname === legacy), 'the older index of the same fields is gone')
  t.ok(blockIndexes.length > 0 && blockIndexes.every((i) => /INCLUDE \(id, /.test(i.indexdef)), 'every block index carries the id and its fields')
  t.ok(blockIndexes.some((i) => i.indexdef.includes('INCLUDE (id, "surnameSoundex", "givenNameSoundex")')), 'the replacement covers the same fields')
  const visible = async () => (await client.query<{ visible: number; pages: number }>(
    `select relallvisible as visible, relpages as pages from pg_class where oid = $1::regclass`, [`${schema}.records`])).rows[0]!
  await refreshReadStatistics(client, schema)
  const after = await visible()
  t.ok(after.pages > 0 && after.visible === after.pages, `every page all-visible after the refresh (${after.visible} of ${after.pages})`)
  // One block's ids, as the touched read joins them: from the index alone, no table page fetched. Scans forced
  // to the index, since at 3,500 records the planner may as well read the table.
  const block = (await client.query<{ ss: string; gs: string }>(`select "surnameSoundex" as ss, "givenNameSoundex" as gs from ${schema}.records
    where "surnameSoundex" <> '' and "givenNameSoundex" <> '' order by id limit 1`)).rows[0]!
  await client.query('set enable_seqscan = off')
  await client.query('set enable_bitmapscan = off')
  const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off, timing off, summary off)
    select r.id from ${schema}.records r where coalesce(r."surnameSoundex", '') = $1 and coalesce(r."givenNameSoundex", '') = $2 and r.end_dated_at is null`,
  [block.ss, block.gs])).rows.map((r) => r['QUERY PLAN']).join('\n')
  await client.query('reset enable_seqscan')
  await client.query('reset enable_bitmapscan')
  t.match(plan, /Index Only Scan using records_block_\w+ on records r \(actual rows=[1-9]/, 'the block is read from a block index alone')
  t.match(plan, /Heap Fetches: 0/, 'without visiting the table')
})

t.test('term counts read on a second connection while the records stream in are the counts read after them', async (t) => {
  const schema = await ensureRecordStore(client, 52)
  await load(schema, 1)
  await load(schema, 2)
  await ensureLinkageIndexes(client, schema, strategies)
  const other = new pg.Client({ connectionString: database.url })
  await other.connect()
  t.teardown(() => other.end())
  let borrowed = 0
  const overlapped = await readForMatching(client, schema, 2, strategies, 'touched', false, (fn) => { borrowed++; return fn(other) })
  const sequential = await readForMatching(client, schema, 2, strategies, 'touched')
  t.equal(borrowed, 1, 'the counts ran on the second connection')
  t.same([...overlapped.ids], [...sequential.ids], 'the same records')
  const fields = termFrequencyFields(strategies)
  t.ok(fields.length > 0, `term-frequency fields to compare (${fields.join(', ')})`)
  for (const field of fields) {
    const a = overlapped.table!.termCounts(field)!, b = sequential.table!.termCounts(field)!
    t.same({ present: a.present, byValue: [...a.byValue].sort() }, { present: b.present, byValue: [...b.byValue].sort() }, `${field}: the same counts`)
    t.ok(a.byValue.size > 0, `${field}: counts for the incoming values`)
  }
})
