import t from 'tap'
import pg from 'pg'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase } from '@ligature/testkit'
import { writeClericalReview } from '../../src/review/clerical-review.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'

// The clerical-review list of a linkage, counted, deduplicated and sorted by Postgres and streamed to a file:
// the band's edges, pairs with an end-dated record, flagged groups, each record once, the order, quoting.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const dir = await mkdtemp(join(tmpdir(), 'ligature-clerical-'))
t.teardown(() => rm(dir, { recursive: true, force: true }))
const schema = await ensureRecordStore(client, 1)
const LINKAGE = 7
const ADM = 1, EMR = 2

// id, event type, source unique id, current key, end-dated
const records: [number, number, string, number, boolean][] = [
  [1, EMR, 'w1', 10, false], [2, EMR, 'w2', 10, false], [3, EMR, 'z,9', 20, false], [4, EMR, 'a4', 30, false],
  [5, EMR, 'gone', 30, true], [6, ADM, 'k1', 40, false], [7, ADM, 'k2', 40, false], [8, EMR, 'k3', 40, false],
  [9, EMR, 'far', 50, false], [10, EMR, 'b2', 20, false], [11, EMR, 'lonely', 60, false],
]
for (const [id, eventType, suid, key, ended] of records) {
  await client.query(`insert into ${schema}.records (id, event_type_id, linkage_id, file_index, row_number, "sourceUniqueId", end_dated_at)
    values ($1, $2, $3, 0, $5, $4, ${ended ? 'now()' : 'null'})`, [id, eventType, LINKAGE, suid, id])
  await client.query(`insert into ${schema}.record_keys (record_id, key_number, linkage_id) values ($1, $2, $3)`, [id, key, LINKAGE])
}
// Strategy s1 at threshold 14: the band is [14, 18).
const pairs: [number, number, string, number][] = [
  [1, 2, 's1', 16], // in the band, linked
  [3, 4, 's1', 14], // at the threshold: in the band, different groups
  [1, 10, 's1', 14.5], // in the band again for w1: w1 is listed once
  [4, 5, 's1', 15], // the right record is end-dated: not listed, not counted
  [11, 5, 's1', 15], // likewise, and lonely is in no other band pair: lonely is not listed
  [9, 2, 's1', 18], // at threshold + 4: above the band
  [9, 1, 's2', 15], // a strategy without a threshold here
]
for (const [l, r, strategy, score] of pairs) {
  await client.query(`insert into ${schema}.pairs (linkage_id, left_id, right_id, strategy, score) values ($1, $2, $3, $4, $5)`, [LINKAGE, l, r, strategy, score])
}
const band = { linkageId: LINKAGE, thresholds: [{ name: 's1', threshold: 14 }] }
const codes = new Map([[ADM, 'ADM'], [EMR, 'EMR']])

const list = (name: string, b = band, authoritative = [ADM]) =>
  writeClericalReview(client, schema, b, authoritative, { path: join(dir, name), projectCode: 'CR', eventTypeCodeOf: codes })

t.test('counts: band pairs with both records live, those sharing a key, and flagged groups', async (t) => {
  t.match(await list('a.csv'), { counts: { pairs: 3, pairsLinked: 1, flaggedGroups: 1 } }, 'group 40 holds two ADM records')
  t.match(await list('b.csv', band, []), { counts: { pairs: 3, pairsLinked: 1, flaggedGroups: 0 }, records: 5 }, 'no authoritative event type: the pairs\' records only')
  t.equal(await list('c.csv', { linkageId: LINKAGE, thresholds: [] }, []), null, 'nothing listed, no file')
  t.equal(await list('d.csv', { linkageId: LINKAGE + 1, thresholds: band.thresholds }), null, 'another linkage')
  t.same((await readdir(dir)).sort(), ['a.csv', 'b.csv'], 'only listed linkages write a file, and no temporary file is left')
})

t.test('the file: each record once, by key, then source unique id, quoted where needed', async (t) => {
  const written = await list('l7-clerical-review.csv')
  const text = await readFile(join(dir, 'l7-clerical-review.csv'), 'utf8')
  t.equal(text, [
    'CR,w1,EMR,LK000000000010', 'CR,w2,EMR,LK000000000010',
    'CR,b2,EMR,LK000000000020', 'CR,"z,9",EMR,LK000000000020',
    'CR,a4,EMR,LK000000000030',
    'CR,k1,ADM,LK000000000040', 'CR,k2,ADM,LK000000000040', 'CR,k3,EMR,LK000000000040',
  ].map((l) => l + '\n').join(''))
  t.match(written, { records: 8, chars: text.length })
  t.same(await client.query(`select count(*)::int as n from pg_class where relname like 'clerical_%' and relpersistence = 't'`).then((r) => r.rows[0].n), 0, 'the temporary tables went with the transaction')
  const setting = (name: string) => client.query(`select current_setting($1) as v`, [name]).then((r) => r.rows[0].v)
  t.same([await setting('enable_hashjoin'), await setting('enable_mergejoin')], ['on', 'on'], 'the band lookup\'s join settings are put back')
})

t.test('a strategy name that needs quoting is a value, not SQL', async (t) => {
  t.equal(await list('quoted.csv', { linkageId: LINKAGE, thresholds: [{ name: "s1'; drop table x; --", threshold: 14 }] }, []), null)
  t.not(await list('quoted.csv', { linkageId: LINKAGE, thresholds: [{ name: "s1'; drop table x; --", threshold: 14 }] }, [ADM]), null, 'the flagged group still lists')
})
