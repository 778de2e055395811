import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { writeKeys } from '../../src/records/linkage-keys.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'
import { rollbackLastChange } from '../../src/records/rollback.js'
import { markPublished, previousKeysSql, unpublishedMoves } from '../../src/records/key-lineage.js'
import { withdrawRecords, withdrawableEventTypes } from '../../src/records/withdraw-records.js'

// Withdrawal of whole event types on a real record store, with keys written as a linkage writes them.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())

let schema = ''
/** One linkage of records `[suid, eventTypeId]` with pairs between them; each listed group gets one key. */
async function link(linkageId: number, records: [string, number][], pairs: [string, string][], groups: string[][]) {
  for (const [i, [suid, et]] of records.entries()) {
    await client.query(`insert into ${schema}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId") values ($1, $2, 0, $3, $4)`, [et, linkageId, i + 1, suid])
  }
  const all = await client.query(`select r.id, r."sourceUniqueId" as suid, coalesce(k.key_number, 0) as key from ${schema}.records r
    left join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by r.id`)
  const idOf = new Map(all.rows.map((r: { id: string; suid: string }) => [r.suid, Number(r.id)]))
  for (const [a, b] of pairs) await client.query(`insert into ${schema}.pairs (linkage_id, left_id, right_id, strategy, score) values ($1, $2, $3, 's', 10)`, [linkageId, idOf.get(a), idOf.get(b)])
  const ids = Float64Array.from(all.rows, (r: { id: string }) => Number(r.id))
  const previous = Float64Array.from(all.rows, (r: { key: string }) => Number(r.key))
  const keyOf = Float64Array.from(previous) // records not listed keep their keys
  let n = Number((await client.query(`select next_key from ${schema}.key_sequence`)).rows[0].next_key)
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
const withdraw = (source: string, selection: { eventTypeIds: number[] } | { keepEventTypeIds: number[] }) =>
  withdrawRecords(client, { schema, source, actor: 'system', reason: 'event type 2 removed', selection })

t.before(async () => { schema = await ensureRecordStore(client, 1) })

t.test('removing a member whose record bridged two others splits the group by the key rule', async (t) => {
  // a1 —(b1)— a2: b1 (event type 2) bridges a1 and a2 (event type 1); c1 is alone.
  await link(1, [['a1', 1], ['b1', 2], ['a2', 1], ['c1', 1]], [['a1', 'b1'], ['b1', 'a2']], [['a1', 'b1', 'a2'], ['c1']])
  t.same(await currentMap(), { a1: 1, a2: 1, b1: 1, c1: 2 })
  t.same(await withdrawableEventTypes(client, schema, { keepEventTypeIds: [1] }), [2])
  const out = await withdraw('members:P:1', { keepEventTypeIds: [1] })
  t.same(out, { eventTypeIds: [2], recordsEndDated: 1, groupsAffected: 1, groupsAfter: 2, groupsSplit: 1, keysIssued: 1, keysEnded: 0 })
  t.same(await currentMap(), { a1: 1, a2: 3, c1: 2 }, 'a1, the oldest, keeps key 1; a2 takes a new key')
  t.same(await withdraw('members:P:1', { keepEventTypeIds: [1] }), out, 'a retried job answers its first outcome')
  const again = await withdraw('members:P:2', { keepEventTypeIds: [1] })
  t.equal(again.recordsEndDated, 0, 'nothing left to withdraw: no revision')
  const kinds = await client.query(`select kind from ${schema}.revisions order by revision`)
  t.same(kinds.rows.map((r: { kind: string }) => r.kind), ['linkage', 'withdrawal'])
})

t.test('withdrawing an event type ends the keys of groups that held only its records', async (t) => {
  await link(2, [['d1', 3], ['d2', 3]], [['d1', 'd2']], [['d1', 'd2']])
  const out = await withdraw('delete-eventtype:3', { eventTypeIds: [3] })
  t.match(out, { eventTypeIds: [3], recordsEndDated: 2, groupsAffected: 1, groupsAfter: 0, keysEnded: 1 })
  t.same(await currentMap(), { a1: 1, a2: 3, c1: 2 })
})

t.test('rollback refuses to go past a withdrawal', async (t) => {
  const out = await rollbackLastChange(client, { schema, source: 'rollback:1', actor: 'manager', reason: 'undo' })
  t.equal(out.undone, null)
  t.match(out.blockedBy, { reason: 'event type 2 removed' })
  t.same(await currentMap(), { a1: 1, a2: 3, c1: 2 }, 'nothing changed')
  await link(3, [['e1', 1]], [], [['e1']])
  const undone = await rollbackLastChange(client, { schema, source: 'rollback:2', actor: 'manager', reason: 'undo' })
  t.match(undone, { undone: { kind: 'linkage', linkageId: 3 }, blockedBy: null }, 'a change made after the withdrawal can still be undone')
  t.match(await rollbackLastChange(client, { schema, source: 'rollback:3', actor: 'manager', reason: 'undo' }), { undone: null, blockedBy: {} })
})

const lineage = async () => (await client.query(`select revision, from_key::int, to_key::int, records, key_ended, undone_by from ${schema}.key_lineage order by revision, from_key`)).rows

t.test('key lineage: where split, withdrawn and merged keys went, undone by rollback', async (t) => {
  const revs = (await client.query(`select revision, kind from ${schema}.revisions order by revision`)).rows as { revision: number; kind: string }[]
  const withdrawals = revs.filter((r) => r.kind === 'withdrawal').map((r) => r.revision)
  t.same(await lineage(), [
    { revision: withdrawals[0], from_key: 1, to_key: 3, records: 1, key_ended: false, undone_by: null },
    { revision: withdrawals[1], from_key: 4, to_key: null, records: 0, key_ended: true, undone_by: null },
  ], 'the split moved a2 from key 1 to 3 (key 1 lives on); key 4 ended with its records')
  // f1 joins a1 (key 1) and a2 (key 3): key 3 ends in key 1.
  await link(4, [['f1', 1]], [['a1', 'f1'], ['f1', 'a2']], [['a1', 'a2', 'f1']])
  const merged = await lineage()
  t.match(merged.at(-1), { from_key: 3, to_key: 1, records: 1, key_ended: true, undone_by: null })
  const undo = await rollbackLastChange(client, { schema, source: 'rollback:4', actor: 'manager', reason: 'undo merge' })
  t.match(undo, { undone: { linkageId: 4 } })
  t.equal((await lineage()).at(-1).undone_by, undo.rollbackRevision, 'the undone revision\'s lineage is marked undone')
  t.same(await currentMap(), { a1: 1, a2: 3, c1: 2 })
})

const previousKeys = async () => {
  await client.query('begin')
  await client.query(previousKeysSql(schema))
  const rows = (await client.query('select key_number::int as key, previous::int[] as previous from previous_keys order by 1')).rows
  await client.query('rollback')
  return Object.fromEntries(rows.map((r: { key: number; previous: number[] }) => [r.key, r.previous]))
}

t.test('publishing: every move once, an undo again; previous keys follow moves that hold', async (t) => {
  const moves = await unpublishedMoves(client, schema, 1000)
  t.same(moves.map((m) => [m.fromKey, m.toKey, m.undoneByRevision !== null]), [[1, 3, false], [4, null, false], [3, 1, true]], 'nothing was published yet')
  t.match(moves[2], { undoneAt: String, changedAt: String })
  t.same(await unpublishedMoves(client, schema, 2), moves.slice(0, 2), 'in batches, oldest first')
  await markPublished(client, schema, moves)
  t.same(await unpublishedMoves(client, schema, 1000), [], 'flagged once stored')
  t.same(await previousKeys(), { 3: [1] }, 'key 3 split off key 1; the undone merge gives key 1 nothing')
  // g1 joins a1 (key 1) and a2 (key 3) again: key 3 ends in key 1.
  await link(5, [['g1', 1]], [['a1', 'g1'], ['g1', 'a2']], [['a1', 'a2', 'g1']])
  const [merge, ...none] = await unpublishedMoves(client, schema, 1000)
  t.same(none, [])
  t.match(merge, { fromKey: 3, toKey: 1, keyEnded: true, undoneByRevision: null })
  t.same(await previousKeys(), { 1: [3], 3: [1] }, 'key 1 took key 3; key 3 (ended) still split off key 1')
  await markPublished(client, schema, [merge!])
  const undo = await rollbackLastChange(client, { schema, source: 'rollback:5', actor: 'manager', reason: 'undo again' })
  t.same((await unpublishedMoves(client, schema, 1000)).map((m) => [m.revision, m.undoneByRevision]), [[merge!.revision, undo.rollbackRevision]], 'rollback sends the undo')
  t.same(await previousKeys(), { 3: [1] })
})
