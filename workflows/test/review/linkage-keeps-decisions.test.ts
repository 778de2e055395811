import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { febrlFilePlan } from '../support/febrl-files.js'
import { defaultStrategies } from '@ligature/engine'
import { groupLinkage } from '../../src/pipeline/group-linkage.js'
import { matchPartition } from '../../src/pipeline/link-partition.js'
import { linkProject } from '../../src/pipeline/link-project.js'
import { LinkageTableCache } from '../../src/pipeline/linkage-table-cache.js'
import { loadFile } from '../../src/pipeline/load-file.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'
import { applyQualityReview } from '../../src/review/apply-review.js'
import { parseReviewFile } from '../../src/review/review-file.js'

// Every grouping strategy, in memory and on disk, keeps a review's split and join when a later linkage brings
// a record matching both halves of the split and one matching the joined group.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const dir = mkdtempSync(join(tmpdir(), 'ligature-review-link-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const strategies = defaultStrategies()

const HEADER = 'rec_id,given_name,surname,street_number,address_1,address_2,suburb,postcode,state,date_of_birth,soc_sec_id'
const person = (id: string, given: string, surname: string, dob: string) => `${id},${given},${surname},12,main street,,springfield,2600,act,${dob},`
const ann = (id: string) => person(id, 'annabel', 'whitlock', '19710314')
const dan = (id: string) => person(id, 'dorothea', 'castellano', '19620707')
const eve = (id: string) => person(id, 'evander', 'marchetti', '19930418')

async function link(schema: string, linkageId: number, rows: string[], groupStrategy: string) {
  const fileName = `${schema}-${linkageId}.csv`
  writeFileSync(join(dir, fileName), [HEADER, ...rows].join('\n') + '\n')
  await loadFile(client, {
    folder: dir, reportDir: dir, reportName: `invalid-${fileName}`, schema, linkageId,
    file: febrlFilePlan(fileName, 'ADM'),
  })
  if (groupStrategy.endsWith('InMemory')) return linkProject(client, { schema, linkageId, strategies, groupStrategy, authoritativeEventTypeIds: [] })
  await matchPartition(client, { schema, linkageId, strategies, partition: { index: 0, count: 1 } }, new LinkageTableCache())
  return groupLinkage(client, { schema, linkageId, groupStrategy, authoritativeEventTypeIds: [], strategyCount: strategies.length })
}
const keys = async (schema: string) => Object.fromEntries((await client.query(`select r."sourceUniqueId" as suid, k.key_number::int as key from ${schema}.records r
  join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null`)).rows.map((r: { suid: string; key: number }) => [r.suid, r.key]))

for (const [n, groupStrategy] of ['MergeInMemory', 'MergeOnDisk', 'WeightedBestLinkInMemory', 'WeightedBestLinkOnDisk'].entries()) {
  t.test(groupStrategy, async (t) => {
    const schema = await ensureRecordStore(client, 100 + n)
    await link(schema, 1, [ann('a1'), ann('a2'), dan('d1'), eve('e1')], groupStrategy)
    const before = await keys(schema)
    t.equal(before.a1, before.a2)
    await applyQualityReview(client, { schema, source: 'review', parsed: parseReviewFile('P,a1,ADM,x\nP,a2,ADM,y\nP,d1,ADM,j\nP,e1,ADM,j\n', 'P', new Map([['ADM', 1]])) })
    await link(schema, 2, [ann('a3'), dan('d2'), eve('e2')], groupStrategy)
    const after = await keys(schema)
    t.not(after.a1, after.a2, 'the split holds')
    t.ok(after.a3 === after.a1 || after.a3 === after.a2, 'the new record joins one half')
    t.equal(after.e1, after.d1, 'the join holds')
    t.equal(after.d2, after.d1, 'new records join the joined group')
    t.equal(after.e2, after.d1)
  })
}
