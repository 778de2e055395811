import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { defaultStrategies, matchRecords, syntheticTable } from '@ligature/engine'
import { clearLinkagePairs, writePartitionPairs } from '../../src/records/linkage-pairs.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'

// Block partitions' pair writes on a real store: each partition's rows replace only what an earlier attempt of
// the same partition wrote, whatever other partitions and linkages hold.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())

const table = syntheticTable(2000, 8)
const ids = Float64Array.from({ length: table.size }, (_, i) => 1000 + 3 * i)

t.test('a retried partition replaces its own pairs and leaves the others', async (t) => {
  const schema = await ensureRecordStore(client, 1)
  const parts = [0, 1].map((index) => matchRecords(table, defaultStrategies(), { partition: { index, count: 2 } }))
  t.ok(parts.every((p) => p.pairs.length > 0), `pairs kept: ${parts.map((p) => p.pairs.length).join(', ')}`)
  const count = async (linkageId: number, partition: number) => (await client.query(
    `select count(*)::int as n from ${schema}.pairs where linkage_id = $1 and partition = $2`, [linkageId, partition])).rows[0].n
  for (const linkageId of [1, 2]) for (const [index, match] of parts.entries()) await writePartitionPairs(client, { schema, linkageId, partition: index }, ids, match)
  const stored = async () => (await client.query(`select md5(string_agg(concat_ws(':', linkage_id, partition, left_id, right_id, strategy, score, weights::text),
    ',' order by linkage_id, left_id, right_id)) as h from ${schema}.pairs`)).rows[0].h
  const before = await stored()
  await writePartitionPairs(client, { schema, linkageId: 2, partition: 0 }, ids, parts[0]!)
  t.same([await count(1, 0), await count(1, 1), await count(2, 0), await count(2, 1)], [parts[0]!.pairs.length, parts[1]!.pairs.length, parts[0]!.pairs.length, parts[1]!.pairs.length],
    'each partition of each linkage holds its own pairs once')
  t.equal(await stored(), before, 'the rewritten partition is stored exactly as before, the rest untouched')
  await clearLinkagePairs(client, schema, 2)
  t.same([await count(1, 0), await count(1, 1), await count(2, 0)], [parts[0]!.pairs.length, parts[1]!.pairs.length, 0], 'clearing a linkage leaves the others')
})
