import t from 'tap'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { DESTROYED_COLUMNS, destroyRecordData } from '../../src/records/destroy-records.js'
import { writeKeys } from '../../src/records/linkage-keys.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'
import { rollbackLastChange } from '../../src/records/rollback.js'

// Destroying record data on a real record store: which columns go, what stays, retries, and rollback.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
let schema = ''
t.before(async () => { schema = await ensureRecordStore(client, 1) })

/** Loads full records of one linkage (event type 1 unless `x`-prefixed: 2), each its own group. */
async function link(linkageId: number, suids: string[]) {
  for (const [i, suid] of suids.entries()) {
    await client.query(`insert into ${schema}.records (event_type_id, linkage_id, file_index, row_number, "sourceUniqueId", surname, "givenName", "dateOfBirth",
      "jurisdictionalLinkageKey", doby, "surnameSoundex", aux) values ($1, $2, 0, $3, $4, 'whitlock', 'annabel', '1971-03-14', 'J-' || $4, 1971, 'W342', '{"ward":"7"}')`,
    [suid.startsWith('x') ? 2 : 1, linkageId, i + 1, suid])
  }
  const all = await client.query(`select r.id, coalesce(k.key_number, 0) as key from ${schema}.records r
    left join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by r.id`)
  const next = Number((await client.query(`select next_key from ${schema}.key_sequence`)).rows[0].next_key)
  const ids = Float64Array.from(all.rows, (r: { id: string }) => Number(r.id))
  const previous = Float64Array.from(all.rows, (r: { key: string }) => Number(r.key))
  let n = next
  const keyOf = previous.map((k) => (k > 0 ? k : n++))
  await client.query('begin')
  await writeKeys(client, schema, linkageId, ids, previous, keyOf, n)
  await client.query('commit')
}
const rows = async (): Promise<Record<string, { blank: boolean; eventType: number; linkage: number }>> => Object.fromEntries((await client.query(`select "sourceUniqueId" as suid, event_type_id, linkage_id,
  array[${DESTROYED_COLUMNS.map((c) => `"${c}"::text`).join(', ')}] as v from ${schema}.records order by id`)).rows
  .map((r: { suid: string; v: (string | null)[]; event_type_id: number; linkage_id: number }) => [r.suid, { blank: r.v.every((x) => x === null), eventType: r.event_type_id, linkage: r.linkage_id }]))
const keys = async () => Object.fromEntries((await client.query(`select r."sourceUniqueId" as suid, k.key_number::int as key from ${schema}.records r
  join ${schema}.record_keys k on k.record_id = r.id and k.to_revision is null where r.end_dated_at is null order by 1`)).rows.map((r: { suid: string; key: number }) => [r.suid, r.key]))
const actor = 'admin (tok-9)'

t.test('listed ids of one event type: every identifier but the Source Unique ID blanked, keys kept, retry safe', async (t) => {
  await link(1, ['a1', 'a2', 'x1'])
  await link(2, ['a3', 'x2'])
  const before = await keys()
  const input = { schema, source: 'destruction:1', actor, reason: 'consent withdrawn', selection: { eventTypeId: 1, sourceUniqueIds: ['a1', 'x1', 'nope'] } }
  const out = await destroyRecordData(client, input)
  t.same(out, { recordsSelected: 1, recordsBlanked: 1, alreadyDestroyed: 0, idsListed: 3, idsNotFound: 2, unknownSample: ['x1', 'nope'], linkageIds: [1] },
    'x1 is of another event type')
  const r = await rows()
  t.same([r.a1, r.a2?.blank, r.x1?.blank], [{ blank: true, eventType: 1, linkage: 1 }, false, false])
  t.same(await keys(), before, 'the map is untouched')
  t.same(await destroyRecordData(client, input), out, 'a retried job answers its first outcome')
  const log = await client.query(`select kind, actor, reason, committed_at from ${schema}.revisions where source = 'destruction:1'`)
  t.match(log.rows, [{ kind: 'destruction', actor, reason: 'consent withdrawn', committed_at: Date }])
})

t.test('by linkage (an envelope) and by event type; already destroyed records are counted, not blanked again', async (t) => {
  const byEnvelope = await destroyRecordData(client, { schema, source: 'destruction:2', actor, reason: 'r', selection: { linkageIds: [2] } })
  t.match(byEnvelope, { recordsSelected: 2, recordsBlanked: 2, alreadyDestroyed: 0, linkageIds: [2] })
  const byType = await destroyRecordData(client, { schema, source: 'destruction:3', actor, reason: 'r', selection: { eventTypeId: 1, sourceUniqueIds: null } })
  t.match(byType, { recordsSelected: 3, recordsBlanked: 1, alreadyDestroyed: 2, linkageIds: [1, 2] })
  const r = await rows()
  t.same(Object.entries(r).filter(([, v]) => !v.blank).map(([k]) => k), ['x1'])
  const none = await destroyRecordData(client, { schema, source: 'destruction:4', actor, reason: 'r', selection: { linkageIds: [] } })
  t.match(none, { recordsSelected: 0, recordsBlanked: 0, linkageIds: [] })
})

t.test('rollback passes over destructions and never restores identifiers', async (t) => {
  const out = await rollbackLastChange(client, { schema, source: 'rollback:1', actor, reason: 'undo linkage 2' })
  t.match(out, { undone: { kind: 'linkage', linkageId: 2 }, recordsRemoved: 2 })
  t.same(Object.keys(await keys()), ['a1', 'a2', 'x1'])
  const r = await rows()
  t.ok(['a1', 'a2', 'a3', 'x2'].every((id) => r[id]?.blank), 'still blank')
})
