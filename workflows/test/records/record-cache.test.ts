import t from 'tap'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { createTestDatabase } from '@ligature/testkit'
import { activeStrategies, defaultStrategies } from '@ligature/engine'
import { groupLinkage } from '../../src/pipeline/group-linkage.js'
import { matchPartition } from '../../src/pipeline/link-partition.js'
import { readForMatching } from '../../src/pipeline/linkage-read.js'
import { LinkageTableCache } from '../../src/pipeline/linkage-table-cache.js'
import { loadFile } from '../../src/pipeline/load-file.js'
import { fieldsUsed } from '../../src/pipeline/match-config.js'
import { deleteListedRecords } from '../../src/records/delete-records.js'
import { clearLinkagePairs } from '../../src/records/linkage-pairs.js'
import type { LinkageRecords } from '../../src/records/linkage-records.js'
import { readRecordCache } from '../../src/records/record-cache-file.js'
import { refreshRecordCache } from '../../src/records/record-cache.js'
import { readRecordChanges } from '../../src/records/record-changes.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'
import { rollbackLastChange } from '../../src/records/rollback.js'
import { ensureLinkageIndexes } from '../../src/records/touched-records.js'
import { tableContents } from '../support/table-contents.js'
import { febrlFilePlan, writeFebrlParts } from '../support/febrl-files.js'
import { blockingFieldsOf } from '../../src/pipeline/touched-read-ready.js'

// Issue 18: a touched read made from the project's cached records gives the table the touched query gives, and
// the copy is not used once a deletion, a rollback or anything else has changed the project's records since it
// was made: the read then comes from Postgres, and the next refresh makes the copy again.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const dir = mkdtempSync(join(tmpdir(), 'ligature-record-cache-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))

const strategies = activeStrategies(defaultStrategies())
const fields = fieldsUsed(strategies)
const blockingFields = blockingFieldsOf(strategies)
// FEBRL 3 (5,000 records, originals and duplicates in random order) in four envelopes.
writeFebrlParts(dir, [1, 3501, 4201, 4601, 5001])

async function load(schema: string, linkageId: number, part = linkageId) {
  await loadFile(client, {
    folder: dir, reportDir: dir, reportName: `invalid-${schema}-${linkageId}.csv`, schema, linkageId,
    file: febrlFilePlan(`part${part}.csv`),
  })
}

const contents = (records: LinkageRecords) => tableContents(records, fields)

t.test('from the copy, the same table as the query, until the records change; then from Postgres until the copy is made again', async (t) => {
  const schema = await ensureRecordStore(client, 1)
  const path = join(dir, `${schema}.records`)
  const touched = (linkageId: number, withCache = true) => readForMatching(client, schema, linkageId, strategies, 'touched', false, undefined, undefined, withCache ? path : undefined)
  const refresh = (linkageId: number) => refreshRecordCache(client, { schema, linkageId, fields, blockingFields, path })
  /** One linkage as the workflow runs it, in one partition, reading through the copy when it is current. */
  const link = async (linkageId: number) => {
    await clearLinkagePairs(client, schema, linkageId)
    await ensureLinkageIndexes(client, schema, strategies)
    const outcome = await matchPartition(client, { schema, linkageId, strategies, partition: { index: 0, count: 1 }, read: linkageId === 1 ? 'full' : 'touched', recordCache: path }, new LinkageTableCache())
    await groupLinkage(client, { schema, linkageId, groupStrategy: 'WeightedBestLinkOnDisk', authoritativeEventTypeIds: [], strategyCount: strategies.length, read: linkageId === 1 ? 'full' : 'touched' })
    return outcome
  }
  const same = async (linkageId: number, what: string) => {
    const fromCopy = await touched(linkageId), fromQuery = await touched(linkageId, false)
    t.equal(fromCopy.fromRecordCache, true, `${what}: read from the copy`)
    t.ok(fromQuery.ids.length > 0, `${what}: ${fromQuery.ids.length} records`)
    t.equal(contents(fromCopy), contents(fromQuery), `${what}: the same table as the touched query`)
  }

  await load(schema, 1)
  await link(1)
  t.match(await refresh(1), { written: true, reason: 'missing', rows: 3500 }, 'made after the first linkage')
  t.match(await refresh(1), { written: false, reason: 'current' }, 'left alone when nothing changed')
  t.same((await readRecordCache(path))!.meta.blockings, blockingFields, 'indexed by every blocking of the strategies')

  await load(schema, 2)
  await same(2, 'the second linkage')
  t.equal((await link(2)).readFrom, 'record cache', 'the partition read from the copy')
  t.match(await refresh(2), { written: true, reason: 'grown', rows: 4200 }, 'made again once the records added since pass a twentieth of it')

  // A deletion end-dates records the copy holds: the next read must not use it.
  const version = (await readRecordChanges(client, schema)).version
  const listed = await client.query<{ suid: string }>(`select "sourceUniqueId" as suid from ${schema}.records where linkage_id = 1 order by id limit 40`)
  const idsPath = join(dir, 'delete.txt')
  writeFileSync(idsPath, listed.rows.map((r) => r.suid).join('\n') + '\n')
  // A list of ids the project does not hold changes nothing, and leaves the copy usable.
  const unknownPath = join(dir, 'delete-unknown.txt')
  writeFileSync(unknownPath, 'no-such-id-1\nno-such-id-2\n')
  const nothing = await deleteListedRecords(client, { schema, eventTypeId: 1, idsPath: unknownPath, source: 'delete-0' })
  t.match(nothing, { recordsEndDated: 0, idsNotFound: 2 }, 'a deletion of unknown ids ends nothing')
  t.equal((await readRecordChanges(client, schema)).version, version, 'and does not count as a change')
  t.equal((await touched(3)).fromRecordCache, true, 'so the copy is still read')
  t.equal((await deleteListedRecords(client, { schema, eventTypeId: 1, idsPath, source: 'delete-1' })).recordsEndDated, 40, 'forty records end-dated')
  t.ok((await readRecordChanges(client, schema)).version > version, 'the deletion counted as a change')
  await load(schema, 3)
  t.notOk((await touched(3)).fromRecordCache, 'after the deletion: read from Postgres')
  t.equal((await link(3)).readFrom, 'database', 'the partition read from Postgres')
  t.match(await refresh(3), { written: true, reason: 'out of date' }, 'made again after the linkage')
  t.equal((await readRecordCache(path))!.meta.rows, 4600 - 40, 'the copy holds the active records only')

  // Roll back the third linkage, then the deletion (its records come back): each leaves the copy out of date.
  for (const undo of ['linkage', 'deletion']) {
    t.equal((await rollbackLastChange(client, { schema, source: `rollback-${undo}`, actor: 'test', reason: 'test' })).undone?.kind, undo, `undid the ${undo}`)
    await load(schema, 4, 4)
    t.notOk((await touched(4)).fromRecordCache, `after the rollback of the ${undo}: read from Postgres`)
    t.match(await refresh(4), { written: true, reason: 'out of date' }, `made again after the rollback of the ${undo}`)
    // The copy made now holds linkage 4's records: a linkage must not take its own records for existing ones.
    t.notOk((await touched(4)).fromRecordCache, 'a linkage whose records the copy already holds reads from Postgres')
    await client.query(`delete from ${schema}.records where linkage_id = 4`)
    t.match(await refresh(4), { written: true, reason: 'out of date' }, 'and the copy is made again once they are gone')
  }
  t.equal((await readRecordCache(path))!.meta.rows, 4200, 'both envelopes that were not rolled back, the deleted records back among them')
  await load(schema, 4, 4)
  await same(4, 'a linkage after the rollbacks')
  t.equal((await link(4)).readFrom, 'record cache', 'the partition read from the copy')
})

t.test('a copy whose header lists another layout\'s sections counts as none, and is made again', async (t) => {
  const schema = await ensureRecordStore(client, 3)
  const path = join(dir, `${schema}.records`)
  await load(schema, 1)
  const refresh = () => refreshRecordCache(client, { schema, linkageId: 1, fields, blockingFields, path })
  t.match(await refresh(), { written: true, reason: 'missing' })
  const bytes = readFileSync(path)
  const header = JSON.parse(bytes.toString('utf8', 24, 24 + bytes.readUInt32LE(20))) as { sections: number[] }
  // An earlier layout's header (a section fewer per field) behind this layout's magic: the reader refuses such a
  // file, so a refresh that called it current would leave every later linkage reading from Postgres.
  const older = Buffer.from(JSON.stringify({ ...header, sections: header.sections.slice(fields.length) }), 'utf8')
  const prefix = Buffer.from(bytes.subarray(0, 24))
  prefix.writeUInt32LE(older.length, 20)
  writeFileSync(path, Buffer.concat([prefix, older]))
  t.equal(await readRecordCache(path), null, 'the reader refuses it')
  t.match(await refresh(), { written: true, reason: 'missing' }, 'the refresh makes it again')
  t.ok(await readRecordCache(path), 'a copy the reader takes')
  t.match(await refresh(), { written: false, reason: 'current' }, 'and the next refresh leaves')
})

t.test('a copy of other fields, of a remade store, or damaged is not used', async (t) => {
  const schema = await ensureRecordStore(client, 2)
  const path = join(dir, `${schema}.records`)
  await load(schema, 1)
  t.match(await refreshRecordCache(client, { schema, linkageId: 1, fields: fields.slice(1), blockingFields, path }), { written: true }, 'a copy of other fields')
  await load(schema, 2)
  const read = () => readForMatching(client, schema, 2, strategies, 'touched', false, undefined, undefined, path)
  t.notOk((await read()).fromRecordCache, 'other fields: read from Postgres')
  t.match(await refreshRecordCache(client, { schema, linkageId: 1, fields, blockingFields, path }), { written: true, reason: 'missing' }, 'a copy of other fields counts as none')
  // Made after linkage 2 loaded, it holds linkage 2's records: take them out of the store, then the copy is behind nothing.
  await client.query(`delete from ${schema}.records where linkage_id = 2`)
  await refreshRecordCache(client, { schema, linkageId: 1, fields, blockingFields, path })
  await load(schema, 2)
  t.equal((await read()).fromRecordCache, true, 'a current copy is used')
  writeFileSync(path, readFileSync(path).subarray(0, 5000))
  t.notOk((await read()).fromRecordCache, 'a cut-short copy: read from Postgres')
  writeFileSync(path, 'not a record cache')
  t.notOk((await read()).fromRecordCache, 'a file of something else: read from Postgres')
  await client.query(`delete from ${schema}.records where linkage_id = 2`)
  await refreshRecordCache(client, { schema, linkageId: 1, fields, blockingFields, path })
  // The store dropped and made again: same counter value, another token.
  await client.query(`drop schema ${schema} cascade`)
  await ensureRecordStore(client, 2)
  await load(schema, 1)
  await load(schema, 2)
  t.notOk((await read()).fromRecordCache, 'a copy of a store since remade: read from Postgres')
})
