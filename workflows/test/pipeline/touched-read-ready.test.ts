import t from 'tap'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { activeStrategies, defaultStrategies } from '@ligature/engine'
import { readForMatching } from '../../src/pipeline/linkage-read.js'
import { loadFile } from '../../src/pipeline/load-file.js'
import { fieldsUsed } from '../../src/pipeline/match-config.js'
import { readyAfterFirstLoad, readyForPartitions } from '../../src/pipeline/touched-read-ready.js'
import { deleteListedRecords } from '../../src/records/delete-records.js'
import { readRecordCacheMeta } from '../../src/records/record-cache-file.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'
import { dropLinkageIndexes, ensureLinkageIndexes } from '../../src/records/touched-records.js'
import { tableContents } from '../support/table-contents.js'
import { febrlFilePlan, writeFebrlParts } from '../support/febrl-files.js'

// Issue 18: a block partition's touched read stands on the project's record cache or on the blocking indexes,
// never on both: with the cache on, a linkage's preparation makes a copy current for it (of the records below its
// own) and no index is built; with it off, or for a project whose copy could not serve, the indexes.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const dir = mkdtempSync(join(tmpdir(), 'ligature-touched-ready-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

const strategies = activeStrategies(defaultStrategies())
const fields = fieldsUsed(strategies)
// FEBRL 3 (5,000 records) in three envelopes.
writeFebrlParts(dir, [1, 4001, 4501, 5001])

async function load(schema: string, linkageId: number) {
  await loadFile(client, {
    folder: dir, reportDir: dir, reportName: `invalid-${schema}-${linkageId}.csv`, schema, linkageId,
    file: febrlFilePlan(`part${linkageId}.csv`),
  })
}
const indexesOf = async (schema: string, prefix: string) => (await client.query<{ n: number }>(
  `select count(*)::int as n from pg_indexes where schemaname = $1 and indexname like $2`, [schema, `${prefix}%`])).rows[0]!.n
const maxIdOf = async (schema: string, linkageId: number) => Number((await client.query<{ n: string }>(
  `select max(id) as n from ${schema}.records where linkage_id = $1`, [linkageId])).rows[0]!.n)

t.test('with the record cache: a copy made for the linkage, no indexes; a changed project gets a new copy', async (t) => {
  const schema = await ensureRecordStore(client, 1)
  const path = join(dir, `${schema}.records`)
  await load(schema, 1)
  t.equal(await readyAfterFirstLoad(client, { schema, linkageId: 1, strategies, recordCache: path }), null, 'after a first load: no indexes to build')
  t.equal(await indexesOf(schema, 'records_block_'), 0, 'no blocking index')
  t.equal(await indexesOf(schema, 'records_tf_'), 0, 'no term-count index')

  await load(schema, 2)
  t.equal(await readyForPartitions(client, { schema, linkageId: 2, strategies, recordCache: path }), 'record cache', 'before the partitions: the record cache')
  let meta = await readRecordCacheMeta(path)
  t.equal(meta?.maxId, await maxIdOf(schema, 1), 'the copy made before the partitions ends below the linkage\'s own records')
  t.equal(await indexesOf(schema, 'records_block_'), 0, 'and still no index')
  const read = await readForMatching(client, schema, 2, strategies, 'touched', false, undefined, undefined, path)
  t.equal(read.fromRecordCache, true, 'the partition reads from it')
  t.equal(read.isNew.reduce((n, x) => n + x, 0), 500, 'with the linkage\'s 500 records as incoming')
  const query = await readForMatching(client, schema, 2, strategies, 'touched', false)
  t.equal(tableContents(read, fields), tableContents(query, fields), `the same table as the touched query (${query.ids.length} records)`)

  // A deletion since the copy was made: the next linkage's preparation makes it again, without its own records.
  const { rows: [gone] } = await client.query<{ source: string }>(`select "sourceUniqueId" as source from ${schema}.records where linkage_id = 1 order by id limit 1`)
  const idsPath = join(dir, 'delete.txt')
  writeFileSync(idsPath, `${gone!.source}\n`)
  t.equal((await deleteListedRecords(client, { schema, eventTypeId: 1, idsPath, source: 'delete-1' })).recordsEndDated, 1, 'one record deleted')
  await load(schema, 3)
  t.equal(await readyForPartitions(client, { schema, linkageId: 3, strategies, recordCache: path }), 'record cache', 'the next linkage: the record cache')
  meta = await readRecordCacheMeta(path)
  t.equal(meta?.maxId, await maxIdOf(schema, 2), 'made again, up to the records before linkage 3')
  t.equal(meta?.rows, 4499, 'of the 4,500 active records before it: the deleted one is not in it')
  const third = await readForMatching(client, schema, 3, strategies, 'touched', false, undefined, undefined, path)
  t.equal(third.fromRecordCache, true, 'and the partition reads from it')
  t.equal(tableContents(third, fields), tableContents(await readForMatching(client, schema, 3, strategies, 'touched', false), fields), 'the same table as the touched query')
  t.equal(await indexesOf(schema, 'records_block_'), 0, 'no index was built')

  // Made again only when it cannot serve: a second preparation leaves it.
  const before = readFileSync(path)
  t.equal(await readyForPartitions(client, { schema, linkageId: 3, strategies, recordCache: path }), 'record cache', 'prepared again')
  t.same(readFileSync(path), before, 'a current copy is left as it is')
})

t.test('without the record cache: the indexes, after a first load and before the partitions', async (t) => {
  const schema = await ensureRecordStore(client, 2)
  await load(schema, 1)
  const seconds = await readyAfterFirstLoad(client, { schema, linkageId: 1, strategies })
  t.type(seconds, 'number', `built in ${seconds} s`)
  t.ok(await indexesOf(schema, 'records_block_') > 0, 'blocking indexes')
  t.ok(await indexesOf(schema, 'records_tf_') > 0, 'term-count indexes')
  await load(schema, 2)
  t.equal(await readyForPartitions(client, { schema, linkageId: 2, strategies }), 'indexes', 'before the partitions: the indexes')
  t.notOk(existsSync(join(dir, `${schema}.records`)), 'and no copy')
})

t.test('a copy that cannot be written costs the linkage the indexes, not the linkage', async (t) => {
  const schema = await ensureRecordStore(client, 4)
  await load(schema, 1)
  await load(schema, 2)
  // A folder that is a file: the copy cannot be written there.
  const path = join(dir, 'part1.csv', `${schema}.records`)
  t.equal(await readyForPartitions(client, { schema, linkageId: 2, strategies, recordCache: path }), 'indexes', 'the indexes instead')
  t.ok(await indexesOf(schema, 'records_block_') > 0, 'built')
  const read = await readForMatching(client, schema, 2, strategies, 'touched', false, undefined, undefined, path)
  t.notOk(read.fromRecordCache, 'the partition reads from the database')
  t.equal(read.isNew.reduce((n, x) => n + x, 0), 500, 'the linkage\'s 500 records as incoming')
})

t.test('the indexes go when a copy stands in, unless a reader holds the table', async (t) => {
  const schema = await ensureRecordStore(client, 3)
  await load(schema, 1)
  await ensureLinkageIndexes(client, schema, strategies)
  const blocks = await indexesOf(schema, 'records_block_'), terms = await indexesOf(schema, 'records_tf_')
  t.ok(blocks > 0 && terms > 0, `${blocks} blocking and ${terms} term-count indexes`)

  const reader = new pg.Client({ connectionString: database.url })
  await reader.connect()
  t.teardown(() => reader.end())
  await reader.query('begin')
  await reader.query(`select count(*) from ${schema}.records`)
  const started = performance.now()
  t.equal(await dropLinkageIndexes(client, schema), null, 'a reader\'s open transaction holds the table: the drop gives up')
  const waited = performance.now() - started
  t.ok(waited >= 1900 && waited < 10_000, `after its lock timeout (${waited.toFixed(0)} ms)`)
  t.equal(await indexesOf(schema, 'records_block_'), blocks, 'and every index is still there')
  await reader.query('commit')

  t.equal(await dropLinkageIndexes(client, schema), blocks + terms, 'with the reader gone, every one of them is dropped')
  t.equal(await indexesOf(schema, 'records_block_') + await indexesOf(schema, 'records_tf_'), 0, 'none is left')
  t.ok(await indexesOf(schema, 'records_pkey') === 1 && await indexesOf(schema, 'records_linkage') === 1, 'the store\'s own indexes stay')
  t.equal(await dropLinkageIndexes(client, schema), 0, 'nothing left to drop')
})
