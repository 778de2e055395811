import t from 'tap'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { deleteListedRecords } from '../../src/records/delete-records.js'
import { writeKeys } from '../../src/records/linkage-keys.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'
import { rollbackLastChange } from '../../src/records/rollback.js'

// Deletion and rollback on a real record store, with records, pairs and keys written as linkages write them.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const dir = mkdtempSync(join(tmpdir(), 'ligature-map-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
const idsFile = (name: string, ids: string[]) => { const p = join(dir, name); writeFileSync(p, ids.join('\n') + '\n'); return p }

let schema = ''
/** Loads records of linkage `linkageId` with pairs between them, then stores keys as a linkage would. */
async function link(linkageId: number, suids: string[], pairs: [string, string][], groups: string[][]) {
  for (const [i, suid] of suids.entries()) {
    await client.query(`insert into ${schema}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId") values (1, $1, 0, $2, $3)`, [linkageId, i + 1, suid])
  }
  const all = await client.query(`select r.id, r."sourceUniqueId" as suid, coalesce(k.key_number, 0) as key from ${schema}.records r
    left join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by r.id`)
  const idOf = new Map(all.rows.map((r: { id: string; suid: string }) => [r.suid, Number(r.id)]))
  for (const [a, b] of pairs) {
    await client.query(`insert into ${schema}.pairs (linkage_id, left_id, right_id, strategy, score) values ($1, $2, $3, 's', 10)`, [linkageId, idOf.get(a), idOf.get(b)])
  }
  const next = Number((await client.query(`select next_key from ${schema}.key_sequence`)).rows[0].next_key)
  const ids = Float64Array.from(all.rows, (r: { id: string }) => Number(r.id))
  const previous = Float64Array.from(all.rows, (r: { key: string }) => Number(r.key))
  // Each wanted group keeps the smallest previous key among its members, or takes the next one.
  const keyOf = new Float64Array(ids.length)
  let n = next
  for (const group of groups) {
    const members = group.map((s) => all.rows.findIndex((r: { suid: string }) => r.suid === s))
    const kept = members.map((i) => previous[i]!).filter((k) => k > 0)
    const key = kept.length ? Math.min(...kept) : n++
    for (const i of members) keyOf[i] = key
  }
  await client.query('begin')
  await writeKeys(client, schema, linkageId, ids, previous, keyOf, n)
  await client.query('commit')
}
const currentMap = async () => Object.fromEntries((await client.query(`select r."sourceUniqueId" as suid, k.key_number::int as key from ${schema}.records r
  join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by 1`)).rows.map((r: { suid: string; key: number }) => [r.suid, r.key]))

t.before(async () => { schema = await ensureRecordStore(client, 1) })

const maps: Record<string, number>[] = []
t.test('deleting a bridging record splits its group; the oldest record keeps the key', async (t) => {
  await link(1, ['a1', 'a2', 'a3', 'b1'], [['a1', 'a2'], ['a2', 'a3']], [['a1', 'a2', 'a3'], ['b1']])
  maps.push(await currentMap())
  t.same(maps[0], { a1: 1, a2: 1, a3: 1, b1: 2 })
  await link(2, ['c1', 'a4'], [['a3', 'a4']], [['a1', 'a2', 'a3', 'a4'], ['b1'], ['c1']])
  maps.push(await currentMap())
  t.same(maps[1], { a1: 1, a2: 1, a3: 1, a4: 1, b1: 2, c1: 3 })
  const out = await deleteListedRecords(client, { schema, eventTypeId: 1, idsPath: idsFile('del.txt', ['a2', 'nope', 'a2']), source: 'envelope:del:0' })
  t.match(out, { idsListed: 2, recordsEndDated: 1, idsNotFound: 1, unknownSample: ['nope'], groupsAffected: 1, groupsAfter: 2, keysIssued: 1 })
  t.same(await currentMap(), { a1: 1, a3: 4, a4: 4, b1: 2, c1: 3 }, 'a1 alone keeps key 1; a3 and a4 (still paired) take a new key')
  const again = await deleteListedRecords(client, { schema, eventTypeId: 1, idsPath: idsFile('del.txt', ['a2']), source: 'envelope:del:0' })
  t.same(again, out, 'a retried job answers its first outcome and changes nothing')
  t.same(await currentMap(), { a1: 1, a3: 4, a4: 4, b1: 2, c1: 3 })
})

t.test('rollback restores the exact earlier maps, one change at a time, and records who and why', async (t) => {
  const first = await rollbackLastChange(client, { schema, source: 'rollback:1', actor: 'manager (tok-1)', reason: 'wrong file' })
  t.match(first, { undone: { kind: 'deletion' }, recordsRestored: 1 })
  t.same(await currentMap(), maps[1], 'the deletion is undone')
  const second = await rollbackLastChange(client, { schema, source: 'rollback:2', actor: 'manager (tok-1)', reason: 'bad envelope' })
  t.match(second, { undone: { kind: 'linkage', linkageId: 2 }, recordsRemoved: 2, pairsDropped: 1 })
  t.same(await currentMap(), maps[0], 'linkage 2 is undone: its records gone, the map of linkage 1 back')
  t.same(await rollbackLastChange(client, { schema, source: 'rollback:2', actor: 'x', reason: 'y' }), second, 'a retried rollback does nothing more')
  const third = await rollbackLastChange(client, { schema, source: 'rollback:3', actor: 'manager (tok-1)', reason: 'start again' })
  t.match(third, { undone: { kind: 'linkage', linkageId: 1 } })
  t.same(await currentMap(), {}, 'back to an empty project')
  t.equal((await rollbackLastChange(client, { schema, source: 'rollback:4', actor: 'm', reason: 'r' })).undone, null, 'nothing left to undo')
  const log = await client.query(`select kind, actor, reason, undoes from ${schema}.revisions where kind = 'rollback' order by revision`)
  t.same(log.rows.map((r: { reason: string }) => r.reason), ['wrong file', 'bad envelope', 'start again'])
  t.ok(log.rows.every((r: { actor: string; undoes: number }) => r.actor.startsWith('manager') && r.undoes > 0))
  // A new linkage after the rollbacks links as if the undone changes had never happened, with fresh keys.
  await link(3, ['d1'], [], [['d1']])
  const after = await currentMap()
  t.same(Object.keys(after), ['d1'])
  t.ok(after.d1! > 4, 'keys of undone groups are never issued again')
})
