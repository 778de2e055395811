import t from 'tap'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { febrlFilePlan } from '../support/febrl-files.js'
import { defaultStrategies } from '@ligature/engine'
import { groupLinkage } from '../../src/pipeline/group-linkage.js'
import { LONE_PARTITION, matchPartition, partitionTableKey, writePartitionSnapshot, type PartitionOutcome } from '../../src/pipeline/link-partition.js'
import { fieldsUsed } from '../../src/pipeline/match-config.js'
import { combinedReport, combinedStats } from '../../src/pipeline/link-report.js'
import { checkPartitionsAgree, PartitionTablesDiffer } from '../../src/pipeline/partition-check.js'
import { linkProject } from '../../src/pipeline/link-project.js'
import { LinkageTableCache } from '../../src/pipeline/linkage-table-cache.js'
import { loadFile } from '../../src/pipeline/load-file.js'
import { clearLinkagePairs } from '../../src/records/linkage-pairs.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'

// The on-disk path (block partitions → pairs in Postgres → streamed grouping) against the in-memory one, on
// FEBRL 3 in a real database: the same keys, whatever the number of partitions.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())

const datasets = fileURLToPath(new URL('../../datasets/febrl/', import.meta.url))
const strategies = defaultStrategies()

async function loadFebrl3(projectId: number, linkageId: number): Promise<string> {
  const schema = await ensureRecordStore(client, projectId)
  await loadFile(client, {
    folder: datasets, reportDir: t.testdirName, reportName: `invalid-${projectId}.csv`, schema, linkageId,
    file: febrlFilePlan('febrl_dataset3.csv'),
  })
  return schema
}

/** Records grouped by key, as a canonical string: equal strings mean equal groupings. */
async function groupsOf(schema: string): Promise<string> {
  const res = await client.query(`select array_agg(r."sourceUniqueId" order by r."sourceUniqueId") as members
    from ${schema}.records r join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null group by k.key_number`)
  return res.rows.map((r: { members: string[] }) => r.members.join(',')).sort().join('\n')
}

/**
 * `snapshot`: as on several workers, the records read once and written to a table snapshot (prepareLinkage), then
 * every partition on a worker of its own (a cache of its own) loading it. Otherwise all on one worker.
 */
async function onDisk(schema: string, linkageId: number, groupStrategy: string, partitions: number, snapshot?: string) {
  await clearLinkagePairs(client, schema, linkageId)
  const cache = new LinkageTableCache()
  if (snapshot) await writePartitionSnapshot(client, { schema, linkageId, strategies, read: 'full' }, snapshot, new LinkageTableCache())
  const outcomes: PartitionOutcome[] = []
  for (let index = 0; index < partitions; index++) {
    outcomes.push(await matchPartition(client, { schema, linkageId, strategies, partition: { index, count: partitions }, read: 'full', ...(snapshot ? { snapshot } : {}) },
      snapshot ? new LinkageTableCache() : cache))
  }
  // As the grouping activity does: the records this worker matched (none when every partition had a cache of its own).
  const matched = await cache.take(partitionTableKey(schema, linkageId, 'full', fieldsUsed(strategies)))
  const group = await groupLinkage(client, { schema, linkageId, groupStrategy, authoritativeEventTypeIds: [], strategyCount: strategies.length, matched })
  checkPartitionsAgree(outcomes)
  const report = combinedReport(outcomes, group)
  return { outcomes, group, report, stats: combinedStats(outcomes, group, report) }
}

// Three partitions, and one: a single partition matches as the whole table does, without a partition plan.
for (const [rule, partitions] of [['WeightedBestLink', 3], ['Merge', 3], ['WeightedBestLink', 1]] as const) {
  t.test(`${rule}: on disk in ${partitions} partition(s) groups exactly as in memory`, async (t) => {
    const project = (rule === 'Merge' ? 1 : 0) + (partitions === 1 ? 100 : 0)
    const memory = await loadFebrl3(10 + project, 1)
    const disk = await loadFebrl3(20 + project, 1)
    const inMemory = await linkProject(client, { schema: memory, linkageId: 1, strategies, groupStrategy: `${rule}InMemory`, authoritativeEventTypeIds: [] })
    const split = await onDisk(disk, 1, `${rule}OnDisk`, partitions)

    t.equal(await groupsOf(disk), await groupsOf(memory), 'the same groups')
    t.equal(split.group.readFrom, 'matched', 'a first load is grouped from the records the partitions matched, not read again')
    const stored = await client.query(`select count(*)::int as n from ${disk}.records`)
    t.equal(split.group.records, stored.rows[0].n, 'every stored record is grouped')
    t.equal(split.report.groupsNew, inMemory.report.groupsNew, 'the same number of new groups')
    t.same(split.report.strategies.map((s) => s.pairsCreated), inMemory.report.strategies.map((s) => s.pairsCreated), 'candidate pairs per strategy add up across partitions')
    t.same(split.report.strategies.map((s) => s.pairsKept), inMemory.report.strategies.map((s) => s.pairsKept), 'pairs kept per strategy')
    t.same(split.report.histogram, inMemory.report.histogram, 'the same score histogram')
    t.same(split.outcomes.map((o) => o.readFrom === 'worker'), split.outcomes.map((_, i) => i > 0), 'one read per worker: later partitions reuse the records')
    t.equal(new Set(split.outcomes.map((o) => o.fingerprint)).size, 1, 'every partition planned from the same table')
    if (partitions === 1) t.equal(split.outcomes[0]!.fingerprint, LONE_PARTITION, 'a lone partition has no table to agree on and takes no fingerprint')
    else t.match(split.outcomes[0]!.fingerprint, /^\d+:[0-9a-f]{16}$/, 'partitions fingerprint the table they planned from')
    const parts = split.report.partitions ?? []
    t.same(parts.map((p) => p.partition), split.outcomes.map((_, i) => i + 1), 'the report lists each partition')
    t.equal(parts.reduce((n, p) => n + p.pairsCreated, 0), inMemory.report.strategies.reduce((n, s) => n + s.pairsCreated, 0), 'partition pairs add up to the linkage\'s')
    const stat = (name: string) => split.stats.find((s) => s.name === name)?.value
    t.equal(stat(`Partition ${partitions}: pairs created`), String(parts[partitions - 1]!.pairsCreated), 'Job stats carry each partition\'s pairs')
    t.ok(Number(stat('Partition balance')) >= 1, `balance ${stat('Partition balance')} (largest over mean)`)
    const pairs = await client.query(`select count(*)::int as n, count(distinct (left_id, right_id))::int as d, count(weights)::int as w from ${disk}.pairs where linkage_id = 1`)
    t.equal(pairs.rows[0].n, pairs.rows[0].d, 'each kept pair is stored once')
    t.equal(pairs.rows[0].w, pairs.rows[0].n, 'every stored pair carries its per-field weights')
    const sameStored = await client.query(`select count(*)::int as n from ${memory}.pairs m join ${disk}.pairs d
      on (m.left_id, m.right_id, m.strategy, m.score, m.weights::text) = (d.left_id, d.right_id, d.strategy, d.score, d.weights::text)`)
    t.equal(sameStored.rows[0].n, pairs.rows[0].n, 'the stored pairs are those of the in-memory run, with the same strategy, score and weights')
  })
}

t.test('partitions on other workers load the records read once, and group exactly as in memory', async (t) => {
  const memory = await loadFebrl3(40, 1)
  const disk = await loadFebrl3(41, 1)
  await linkProject(client, { schema: memory, linkageId: 1, strategies, groupStrategy: 'WeightedBestLinkInMemory', authoritativeEventTypeIds: [] })
  const split = await onDisk(disk, 1, 'WeightedBestLinkOnDisk', 3, join(t.testdir(), 'linkage.table'))
  t.same(split.outcomes.map((o) => o.readFrom), ['snapshot', 'snapshot', 'snapshot'], 'no partition read the database')
  t.equal(split.group.readFrom, 'database', 'grouping on a worker that holds no records reads them')
  t.equal(new Set(split.outcomes.map((o) => o.fingerprint)).size, 1, 'every partition planned from the same table')
  t.equal(await groupsOf(disk), await groupsOf(memory), 'the same groups')
})

t.test('a second linkage keeps the keys of the first and gives new records the keys of their groups', async (t) => {
  const schema = await loadFebrl3(30, 1)
  const first = await onDisk(schema, 1, 'WeightedBestLinkOnDisk', 2)
  t.equal(first.group.read, 'full', 'grouping a first load reads the project in full, as matching did')
  const before = new Map((await client.query(`select r."sourceUniqueId" as id, k.key_number::float8 as key from ${schema}.records r join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null`)).rows.map((r: { id: string; key: number }) => [r.id, r.key]))
  // The same file again as linkage 2: every new record is a duplicate of a stored one.
  await loadFile(client, {
    folder: datasets, reportDir: t.testdirName, reportName: 'again.csv', schema, linkageId: 2,
    file: febrlFilePlan('febrl_dataset3.csv'),
  })
  const second = await onDisk(schema, 2, 'WeightedBestLinkOnDisk', 2)
  t.equal(second.group.read, 'touched', 'grouping a later linkage reads only the records its pairs and groups touch')
  t.equal(second.group.readFrom, 'database', 'and reads them: the matched records include stored ones, whose keys it needs')
  const after = await client.query(`select r."sourceUniqueId" as id, r.linkage_id, k.key_number::float8 as key from ${schema}.records r join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null`)
  const old = after.rows.filter((r: { linkage_id: number }) => r.linkage_id === 1)
  t.ok(old.every((r: { id: string; key: number }) => before.get(r.id) === r.key), 'every stored record keeps its key')
  const fresh = after.rows.filter((r: { linkage_id: number }) => r.linkage_id === 2)
  const joined = fresh.filter((r: { id: string; key: number }) => before.get(r.id) === r.key).length
  t.ok(joined / fresh.length > 0.99, `the new copy of a record joins its original's group (${joined}/${fresh.length})`)
  t.equal(second.report.groupsDeleted, 0, 'best-link never merges groups')
})

t.test('partitions that read different records are caught before grouping', async (t) => {
  const schema = await loadFebrl3(40, 1)
  const first = await matchPartition(client, { schema, linkageId: 1, strategies, partition: { index: 0, count: 2 } }, new LinkageTableCache())
  // A record changing between two partitions' reads (what the project lock prevents): the second plans from other values.
  await client.query(`update ${schema}.records set "surnameSoundex" = 'Z999' where id = (select min(id) from ${schema}.records)`)
  const second = await matchPartition(client, { schema, linkageId: 1, strategies, partition: { index: 1, count: 2 } }, new LinkageTableCache())
  t.equal(second.records, first.records, 'the same number of records')
  t.not(second.fingerprint, first.fingerprint, 'but not the same table')
  t.throws(() => checkPartitionsAgree([first, second]), PartitionTablesDiffer, 'the linkage stops instead of grouping')
})
