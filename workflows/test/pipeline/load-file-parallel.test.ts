import { readdir, readFile, writeFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import pg from 'pg'
import { ColumnType } from '@ligature/contracts/enums'
import { createTestDatabase } from '@ligature/testkit'
import { SYNTHETIC_IMPORT_FORMAT, writeSyntheticDataset, type ImportColumn } from '../../src/loading/index.js'
import type { FilePlan } from '../../src/pipeline/envelope-plan.js'
import { loadFile, type LoadFileResult } from '../../src/pipeline/load-file.js'
import { keptRangePool } from '../../src/loading/parallel/kept-range-pool.js'
import { ensureRecordStore } from '../../src/records/record-schema.js'

// The parallel load (ranges parsed on worker threads, one COPY) against the single-thread one, in a real
// database: the same stored records with the same row numbers, the same rejected rows and report, the same
// blanked counts, and the same failure for a broken file.
const database = await createTestDatabase()
t.teardown(() => database.drop())
const client = new pg.Client({ connectionString: database.url })
await client.connect()
t.teardown(() => client.end())
const schema = await ensureRecordStore(client, 1)
const dir = t.testdir({})

const plan = (fileName: string, columnType: number, columns: ImportColumn[], settings: FilePlan['settings']): FilePlan => ({
  fileIndex: 0, fileName, eventTypeId: 1, eventTypeCode: 'P', isAuthoritative: false, importFormat: { id: 1, columnType, columns }, settings,
})

/** Loads the file as linkage `linkageId`; returns the result (or the error) and the stored rows and report. */
async function load(file: FilePlan, linkageId: number, threads: number, rangeBytes = 300) {
  const reportName = `invalid-${linkageId}.csv`
  let result: LoadFileResult | { error: string; code: unknown }
  try {
    result = await loadFile(client, { folder: dir, reportDir: dir, reportName, schema, linkageId, file, threads, splitMinBytes: 0, rangeBytes })
  } catch (e) {
    result = { error: (e as Error).message, code: (e as { code?: unknown }).code }
  }
  const rows = await client.query<{ j: unknown }>(`select to_jsonb(r) - 'id' - 'linkage_id' - 'loaded_at' as j from ${schema}.records r where linkage_id = $1 order by row_number`, [linkageId])
  const report = 'error' in result ? null : await readFile(join(dir, reportName), 'utf8')
  return { result, rows: rows.rows.map((r) => r.j), report }
}

async function compare(t: Test, file: FilePlan, linkageIds: [number, number], rangeBytes?: number) {
  const single = await load(file, linkageIds[0], 1)
  const parallel = await load(file, linkageIds[1], 2, rangeBytes)
  if (!('error' in single.result)) {
    t.equal(single.result.threads, 1, 'the single-thread path')
    t.equal((parallel.result as LoadFileResult).threads, 2, 'the parallel path')
    const strip = (r: LoadFileResult) => ({ ...r, threads: undefined, report: r.report && { ...r.report, filename: undefined, path: undefined } })
    t.same(strip(parallel.result as LoadFileResult), strip(single.result), 'the same counts, blanked fields and first rejected rows')
  } else {
    t.same(parallel.result, single.result, 'the same failure')
  }
  t.same(parallel.rows, single.rows, 'the same stored records and row numbers')
  t.equal(parallel.report, single.report, 'the same invalid-rows report')
  return single
}

// Every quoting case the parser accepts, rejected rows, blanked values, blank lines, LF and CRLF.
function hostileRow(i: number): string {
  const id = `R${i}`
  switch (i % 12) {
    case 0: return `${id},Anna,Smith,F,19800101,plain`
    case 1: return `${id},"Ann\r\nMarie","O""Neil",F,19800101,"multi\nline ""note"""`
    case 2: return `${id},Jo"hn,Doe,M,19991231,stray quote`
    case 3: return `${id},  "Lee, Jr",Wu,M,19700101,"a,b"`
    case 4: return `,Anna,Smith,F,19800101,no id`
    case 5: return `${id},Anna,Smith`
    case 6: return `${id},Anna,Smith,F,19801340,bad date`
    case 7: return `${id},Anna,Smith,Q,19800101,bad sex`
    case 8: return `\n   \n${id},"wrong"quote,Smith,F,19800101,after blank lines`
    case 9: return `${id},"a\rb",Smith,F,19800101,lone CR`
    case 10: return `${id},"""quoted""","\n",F,,"\r\n"`
    default: return `  ${id}  ,\f"x",y,M,20000229,leading blanks`
  }
}
const hostileColumns: ImportColumn[] = [
  { name: 'id', linkageField: 'sourceUniqueId' }, { name: 'given', linkageField: 'givenName' }, { name: 'surname', linkageField: 'surname' },
  { name: 'sex', linkageField: 'sex' }, { name: 'dob', linkageField: 'dateOfBirth', format: 'yyyyMMdd' }, { name: 'note', linkageField: '' },
]

t.test('hostile quoting by column name, BOM and header: the same records, rejections and blanking', async (t) => {
  const rows = Array.from({ length: 600 }, (_, i) => hostileRow(i) + (i % 3 === 0 ? '\r\n' : '\n'))
  await writeFile(join(dir, 'hostile.csv'), '\uFEFFid,given,surname,sex,dob,note\r\n' + rows.join(''))
  const single = await compare(t, plan('hostile.csv', ColumnType.DelimitedByName, hostileColumns, [{ name: 'hasHeader', value: 'true' }]), [1, 2])
  const result = single.result as LoadFileResult
  t.ok(result.invalid === 100 && (result.blanked.dateOfBirth ?? 0) > 0 && (result.blanked.sex ?? 0) > 0 && result.added === 500, 'the fixture rejects rows and blanks fields')
})

t.test('by index, tab separated, no header, cuts every few records', async (t) => {
  const rows = Array.from({ length: 400 }, (_, i) => hostileRow(i).replaceAll(',', '\t') + '\n')
  await writeFile(join(dir, 'tabs.tsv'), rows.join(''))
  const byIndex = hostileColumns.map((c, i) => ({ ...c, index: i + 1 }))
  await compare(t, plan('tabs.tsv', ColumnType.DelimitedByIndex, byIndex, [{ name: 'separator', value: 'tab' }]), [3, 4], 64)
})

t.test('a broken file fails alike and stores nothing', async (t) => {
  const rows = Array.from({ length: 300 }, (_, i) => hostileRow(i) + '\n')
  // No quote after the unclosed one, so nothing closes it: the file cannot be read past that record.
  const plain = Array.from({ length: 100 }, (_, i) => `P${i},Anna,Smith,F,19800101,plain\n`)
  await writeFile(join(dir, 'broken.csv'), 'id,given,surname,sex,dob,note\n' + rows.join('') + 'R9999,"never closed,x,y,F,19800101,n\n' + plain.join(''))
  const single = await compare(t, plan('broken.csv', ColumnType.DelimitedByName, hostileColumns, []), [5, 6])
  t.same(single.rows, [], 'the transaction is rolled back')
  t.match(single.result, { code: 'InvalidDataFile', error: /broken\.csv cannot be read: the record starting at line \d+: Quote Not Closed/ })
})

t.test('a synthetic 50,000-record file: the same records in many ranges', async (t) => {
  await writeSyntheticDataset({ records: 50_000, seed: 7 }, { csvPath: join(dir, 'people.csv') })
  const single = await compare(t, plan('people.csv', SYNTHETIC_IMPORT_FORMAT.columnType, SYNTHETIC_IMPORT_FORMAT.columns, [{ name: 'hasHeader', value: 'true' }]), [7, 8], 256 * 1024)
  t.equal((single.result as LoadFileResult).added, 50_000)
})

t.test('the parse threads are kept between loads, and a closed pool is replaced', async (t) => {
  const file = plan('kept.csv', SYNTHETIC_IMPORT_FORMAT.columnType, SYNTHETIC_IMPORT_FORMAT.columns, [{ name: 'hasHeader', value: 'true' }])
  await writeSyntheticDataset({ records: 400, seed: 3 }, { csvPath: join(dir, 'kept.csv') })
  const first = await load(file, 301, 2)
  const pool = keptRangePool(2)
  t.equal((first.result as LoadFileResult).added, 400)
  const second = await load(file, 302, 2)
  t.equal(keptRangePool(2), pool, 'the next load used the same threads')
  t.same(second.rows, first.rows, 'and loaded the same records')
  await pool.close()
  t.notOk(pool.usable, 'a closed pool is not used again')
  const third = await load(file, 303, 2)
  t.equal((third.result as LoadFileResult).threads, 2, 'a load after the close runs on new threads')
  t.not(keptRangePool(2), pool)
  t.same(third.rows, first.rows)
})

t.test('a gzipped file is decompressed to a copy, parsed in ranges, and the copy removed', async (t) => {
  const rows = Array.from({ length: 600 }, (_, i) => hostileRow(i) + (i % 3 === 0 ? '\r\n' : '\n'))
  await writeFile(join(dir, 'hostile.csv.gz'), gzipSync('\uFEFFid,given,surname,sex,dob,note\r\n' + rows.join('')))
  const single = await compare(t, plan('hostile.csv.gz', ColumnType.DelimitedByName, hostileColumns, [{ name: 'hasHeader', value: 'true' }]), [401, 402])
  t.equal((single.result as LoadFileResult).added, 500)
  await writeSyntheticDataset({ records: 20_000, seed: 11 }, { csvPath: join(dir, 'people-gz.csv') })
  await writeFile(join(dir, 'people.csv.gz'), gzipSync(await readFile(join(dir, 'people-gz.csv'))))
  const people = await compare(t, plan('people.csv.gz', SYNTHETIC_IMPORT_FORMAT.columnType, SYNTHETIC_IMPORT_FORMAT.columns, [{ name: 'hasHeader', value: 'true' }]), [403, 404], 64 * 1024)
  t.equal((people.result as LoadFileResult).added, 20_000)
  t.same((await readdir(dir)).filter((name) => name.endsWith('.inflated')), [], 'no decompressed copy left')
})

t.test('a broken gzipped file fails as on one thread, under its own name, and leaves no copy', async (t) => {
  const rows = Array.from({ length: 2_000 }, (_, i) => `P${i},Anna,Smith,F,19800101,plain\n`).join('')
  const whole = gzipSync('id,given,surname,sex,dob,note\n' + rows)
  await writeFile(join(dir, 'cut.csv.gz'), whole.subarray(0, Math.floor(whole.length * 0.6)))
  const single = await compare(t, plan('cut.csv.gz', ColumnType.DelimitedByName, hostileColumns, []), [405, 406])
  t.match(single.result, { code: 'InvalidDataFile', error: /^The data file cut\.csv\.gz cannot be read: it is not a valid gzip file/ })
  t.same(single.rows, [], 'nothing stored')
  // A whole gzip stream holding a broken record: the message names the file the provider sent, not its copy.
  await writeFile(join(dir, 'quote.csv.gz'), gzipSync('id,given,surname,sex,dob,note\n' + rows + 'R9999,"never closed,x,y,F,19800101,n\n' + rows))
  const quote = await compare(t, plan('quote.csv.gz', ColumnType.DelimitedByName, hostileColumns, []), [407, 408], 4096)
  t.match(quote.result, { code: 'InvalidDataFile', error: /^The data file quote\.csv\.gz cannot be read: the record starting at line \d+: Quote Not Closed/ })
  t.same((await readdir(dir)).filter((name) => name.endsWith('.inflated')), [], 'no decompressed copy left')
})
