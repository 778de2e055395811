import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { deleteListedRecords } from '../../src/records/delete-records.js'
import { writeKeys } from '../../src/records/linkage-keys.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'
import { readReviewGroups } from '../../src/records/review-decisions.js'
import { rollbackLastChange } from '../../src/records/rollback.js'
import { applyQualityReview } from '../../src/review/apply-review.js'
import { parseReviewFile } from '../../src/review/review-file.js'

// Quality reviews on a real record store, between deletions and rollbacks: decisions with history.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const dir = mkdtempSync(join(tmpdir(), 'ligature-review-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

let schema = ''
t.before(async () => { schema = await ensureRecordStore(client, 1) })

/** Loads records with pairs and stores one key per wanted group, as a linkage would (all records are new). */
async function link(linkageId: number, suids: string[], pairs: [string, string][], groups: string[][]) {
  for (const [i, suid] of suids.entries()) {
    await client.query(`insert into ${schema}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId") values (1, $1, 0, $2, $3)`, [linkageId, i + 1, suid])
  }
  const all = await client.query(`select id, "sourceUniqueId" as suid from ${schema}.records order by id`)
  const idOf = new Map(all.rows.map((r: { id: string; suid: string }) => [r.suid, Number(r.id)]))
  for (const [a, b] of pairs) await client.query(`insert into ${schema}.pairs (linkage_id, left_id, right_id, strategy, score) values ($1, $2, $3, 's', 10)`, [linkageId, idOf.get(a), idOf.get(b)])
  const ids = Float64Array.from(all.rows, (r: { id: string }) => Number(r.id))
  const keyOf = new Float64Array(ids.length)
  groups.forEach((g, n) => { for (const s of g) keyOf[all.rows.findIndex((r: { suid: string }) => r.suid === s)] = n + 1 })
  await client.query('begin')
  await writeKeys(client, schema, linkageId, ids, new Float64Array(ids.length), keyOf, groups.length + 1)
  await client.query('commit')
}
const currentMap = async () => Object.fromEntries((await client.query(`select r."sourceUniqueId" as suid, k.key_number::int as key from ${schema}.records r
  join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by 1`)).rows.map((r: { suid: string; key: number }) => [r.suid, r.key]))
const review = (source: string, rows: string[]) =>
  applyQualityReview(client, { schema, source, parsed: parseReviewFile(rows.map((r) => `P,${r}`).join('\n'), 'P', new Map([['ADM', 1]])) })
const current = async () => (await client.query(`select r."sourceUniqueId" as suid, d.label from ${schema}.review_decisions d join ${schema}.records r on r.id = d.record_id
  where d.to_revision is null order by 1`)).rows.map((r: { suid: string; label: string }) => `${r.suid}:${r.label}`)
const undo = (n: number) => rollbackLastChange(client, { schema, source: `rollback:${n}`, actor: 'tester', reason: 'test' })

const maps: Record<string, number>[] = []
t.test('a review joins records without pairs and splits a group; deletion keeps a reviewed join', async (t) => {
  await link(1, ['a1', 'a2', 'b1', 'c1', 'd1'], [['a1', 'a2']], [['a1', 'a2'], ['b1'], ['c1'], ['d1']])
  maps.push(await currentMap())
  const out = await review('envelope:r1:0', ['a2,ADM,S', 'b1,ADM,J', 'c1,ADM,J', 'd1,ADM,J', 'zz,ADM,J'])
  t.match(out, { recordsPlaced: 4, idsNotFound: 1, groupsBefore: 4, groupsAfter: 3, keysIssued: 1, keysEnded: 2 })
  maps.push(await currentMap())
  t.same(maps[1], { a1: 1, a2: 5, b1: 2, c1: 2, d1: 2 }, 'a1 (the oldest) keeps key 1; the join keeps the smallest key, 2')
  t.same(await current(), ['a2:S', 'b1:J', 'c1:J', 'd1:J'])
  t.same(await review('envelope:r1:0', ['a1,ADM,X']), out, 'a retried file answers its first outcome and changes nothing')
  // b1, c1 and d1 have no pairs between them: regrouping by pairs alone would split them three ways.
  const ids = join(dir, 'd1.txt'); writeFileSync(ids, 'd1\n')
  const deleted = await deleteListedRecords(client, { schema, eventTypeId: 1, idsPath: ids, source: 'envelope:del:0' })
  t.match(deleted, { recordsEndDated: 1, groupsAfter: 1, keysIssued: 0 })
  maps.push(await currentMap())
  t.same(maps[2], { a1: 1, a2: 5, b1: 2, c1: 2 })
})

t.test('the decisions reach linkage grouping as review groups', async (t) => {
  const all = await client.query(`select id from ${schema}.records where end_dated_at is null order by id`)
  const groups = await readReviewGroups(client, schema, Float64Array.from(all.rows, (r: { id: string }) => Number(r.id)))
  // a1 unreviewed; a2 alone; b1 and c1 together.
  t.same(Array.from(groups!), [-1, 0, 1, 1])
})

t.test('a later review replaces a record\'s decision; rollback reopens it and restores each map exactly', async (t) => {
  const out = await review('envelope:r2:0', ['c1,ADM,K'])
  t.match(out, { recordsPlaced: 1, decisionsEnded: 1, groupsBefore: 1, groupsAfter: 2 })
  t.same(await currentMap(), { a1: 1, a2: 5, b1: 2, c1: 6 })
  // A deleted record's decision stays current, unused while it is end-dated, ready if a rollback restores it.
  t.same(await current(), ['a2:S', 'b1:J', 'c1:K', 'd1:J'])
  t.match(await undo(1), { undone: { kind: 'review' }, decisionsEnded: 1, decisionsReopened: 1 })
  t.same(await currentMap(), maps[2])
  t.same(await current(), ['a2:S', 'b1:J', 'c1:J', 'd1:J'])
  t.match(await undo(2), { undone: { kind: 'deletion' }, recordsRestored: 1 })
  t.same(await currentMap(), maps[1])
  t.same(await current(), ['a2:S', 'b1:J', 'c1:J', 'd1:J'], 'd1 is back, and so is its decision')
  t.match(await undo(3), { undone: { kind: 'review' }, decisionsEnded: 4, decisionsReopened: 0 })
  t.same(await currentMap(), maps[0])
  t.same(await current(), [])
  const history = await client.query(`select count(*)::int as n from ${schema}.review_decisions`)
  t.equal(history.rows[0].n, 6, 'every decision is kept: the review\'s 4, its replacement and the reopened copy')
  const all = await client.query(`select id from ${schema}.records where end_dated_at is null order by id`)
  t.equal(await readReviewGroups(client, schema, Float64Array.from(all.rows, (r: { id: string }) => Number(r.id))), null, 'no decision constrains a linkage now')
})
