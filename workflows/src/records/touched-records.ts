/**
 * Which existing records a linkage reads (issue 18): not the whole project, but the incoming records and the
 * active records that share a block with one of them under some active strategy — the only existing records
 * a new pair can involve, since pairs of two existing records are never compared again. A block holding an
 * incoming record is read whole, so whether it is large and how its records sort (blocking/neighbourhood.ts in
 * the engine) are as over the whole project. Grouping reads
 * the records of the linkage's pairs plus every member of their current groups, so a group keeps (or merges)
 * its key exactly as with the whole project in hand.
 *
 * The selection is SQL over the records table itself (an expression index per strategy on its blocking
 * values, partial on active records, covering the id and the fields so it is read index-only), so deletions,
 * rollbacks and destructions are seen as soon as they commit. Term frequencies still count the whole project
 * (termCounts). A block partition reads the same records from the project's record cache instead when it is
 * on (record-cache.ts), and then these indexes are not kept (touched-read-ready.ts).
 */
import { createHash } from 'node:crypto'
import type pg from 'pg'
import type { StrategySpec, TermCounts } from '@ligature/engine'
import { quoteIdent } from './record-schema.js'

const short = (text: string) => createHash('md5').update(text).digest('hex').slice(0, 16)
/**
 * One index per set of blocking fields (strategies blocking alike share it); names stay under 63 bytes. The
 * covering definition has its own name, so a project indexed before it gets the new index at its next linkage
 * and loses the old one (legacyBlockIndexName).
 */
const blockIndexName = (fields: readonly string[]) => `records_block_${short(['covering', ...fields].join('\u0000'))}`
const legacyBlockIndexName = (fields: readonly string[]) => `records_block_${short(fields.join('\u0000'))}`
const termIndexName = (field: string) => `records_tf_${short(field)}`
/** Empty and missing block alike (code 0 in the engine), so the index and the join use coalesce(…, ''). */
const blockValue = (alias: string, field: string) => `coalesce(${alias ? `${alias}.` : ''}${quoteIdent(field)}, '')`

export const distinctBlockings = (strategies: readonly StrategySpec[]) =>
  [...new Map(strategies.filter((s) => s.isActive && s.blockingFields.length > 0)
    .map((s) => [s.blockingFields.map((b) => `${b.field}:${b.matchEmpty}`).join('|'), s.blockingFields])).values()]

export const termFrequencyFields = (strategies: readonly StrategySpec[]) =>
  [...new Set(strategies.filter((s) => s.isActive).flatMap((s) => s.matchingFields.filter((m) => m.termFrequency).map((m) => m.field)))]

/** The statements creating the indexes the touched-block read and the term counts use, with their names. */
export function linkageIndexStatements(schema: string, strategies: readonly StrategySpec[]): { name: string; sql: string }[] {
  const s = quoteIdent(schema)
  return [
    ...distinctBlockings(strategies).map((fields) => {
      const names = fields.map((b) => b.field)
      const name = blockIndexName(names)
      // The id and the raw fields ride along: Postgres reads an expression index index-only only when the columns
      // under the expressions are in it too. Without them every block member was a heap fetch, and the planner
      // preferred scanning the whole table per strategy (profile-touched-read at 1M + 10k: query 2.5-3.0 s →
      // about 1.4 s). The cost is size: no deduplication with INCLUDE (8.9 → 57 MB for date of birth and sex).
      const covered = [...new Set(['id', ...names])].map(quoteIdent).join(', ')
      return { name, sql: `create index if not exists ${name} on ${s}.records (${names.map((f) => `(${blockValue('', f)})`).join(', ')})
      include (${covered}) where end_dated_at is null` }
    }),
    ...termFrequencyFields(strategies).map((field) => {
      const name = termIndexName(field)
      return { name, sql: `create index if not exists ${name} on ${s}.records (${quoteIdent(field)}) where end_dated_at is null` }
    }),
  ]
}

/**
 * The indexes the touched-block read and the term counts use, created once per project and set of blocking
 * fields (the first linkage after a new strategy pays for building one). Call it from one activity at a time:
 * the project lock serialises linkages, and block partitions do not create indexes. One after another on one
 * connection: Postgres already builds each with a parallel worker (profile-indexes.ts).
 */
export async function ensureLinkageIndexes(client: pg.ClientBase, schema: string, strategies: readonly StrategySpec[]): Promise<void> {
  for (const statement of linkageIndexStatements(schema, strategies)) await client.query(statement.sql)
  // After the covering index exists, so no read finds neither.
  const legacy = distinctBlockings(strategies).map((fields) => `${quoteIdent(schema)}.${legacyBlockIndexName(fields.map((b) => b.field))}`)
  if (legacy.length > 0) await client.query(`drop index if exists ${legacy.join(', ')}`)
}

/** How long a drop of the indexes waits for the records table, which it needs alone: a reader of the project goes first. */
const DROP_LOCK_TIMEOUT = '2s'

/**
 * Drops every index the touched query and the term counts use — those of earlier strategies too — when a current
 * copy of the project's records stands in for them (record-cache.ts, touched-read-ready.ts): each added row costs
 * an insert into every one (10,000 records into a million: 0.48–0.81 s with them, 0.11 s without the block
 * indexes). Gives up after DROP_LOCK_TIMEOUT rather than hold up an extraction reading the project, and answers
 * how many it dropped (null when it gave up; the next refresh tries again).
 */
export async function dropLinkageIndexes(client: pg.ClientBase, schema: string): Promise<number | null> {
  const { rows } = await client.query<{ name: string }>(`select indexname as name from pg_indexes where schemaname = $1 and tablename = 'records'
    and (indexname like 'records\\_block\\_%' or indexname like 'records\\_tf\\_%')`, [schema])
  if (rows.length === 0) return 0
  await client.query('begin')
  try {
    await client.query(`set local lock_timeout = '${DROP_LOCK_TIMEOUT}'`)
    await client.query(`drop index if exists ${rows.map((r) => `${quoteIdent(schema)}.${quoteIdent(r.name)}`).join(', ')}`)
    await client.query('commit')
    return rows.length
  } catch (err) {
    await client.query('rollback').catch(() => undefined)
    if ((err as { code?: string }).code === '55P03') return null
    throw err
  }
}

/**
 * Statistics and visibility the touched read is planned with, refreshed after the incoming load. Autovacuum
 * analyses a table only once a tenth of it has changed, so after a small envelope the planner does not know the
 * incoming linkage id, expects one incoming row, and picks nested loops and sorts spilling to disk where hash
 * joins belong (profile-touched-read at 1M + 10k: 3.3 s → 2.1 s). `linkage_id` alone costs a fifth of a
 * whole-table ANALYZE (both sample the same 30,000 rows); a table never analysed gets the whole one, for its
 * blocking expressions. The VACUUM marks the pages written since the last one all-visible, which is what lets
 * the covering block indexes be read without the table; it visits only those pages (about 0.1 s after 10,000
 * records into a million), but a first load's are all of them. It leaves the rest to autovacuum: no index
 * cleanup (after a large deletion that would scan every index of the project on the linkage's path; pages still
 * holding dead rows just stay unmarked) and no truncation (its exclusive lock would stall an extraction
 * reading the project). Not inside a transaction: VACUUM refuses one.
 */
export async function refreshReadStatistics(client: pg.ClientBase, schema: string): Promise<void> {
  const s = quoteIdent(schema)
  const { rows } = await client.query<{ analysed: boolean }>(`select coalesce(last_analyze, last_autoanalyze) is not null as analysed
    from pg_stat_user_tables where schemaname = $1 and relname = 'records'`, [schema])
  await client.query(`vacuum (analyze, index_cleanup off, truncate false) ${s}.records${rows[0]?.analysed ? ' (linkage_id)' : ''}`)
}

/**
 * What a touched read needs before it runs: the indexes and fresh statistics. A touched linkage calls it first
 * (its strategies may be new); a project's first linkage, read in full, calls it on a second connection while it
 * groups and stores its keys, so the cost of indexing the bulk of a project falls on the envelope that brought it,
 * not on the next small one.
 */
export async function readyForTouchedRead(client: pg.ClientBase, schema: string, strategies: readonly StrategySpec[]): Promise<void> {
  await ensureLinkageIndexes(client, schema, strategies)
  await refreshReadStatistics(client, schema)
}

/** How many active records arrived with the linkage. */
export async function incomingRecords(client: pg.ClientBase, schema: string, linkageId: number): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(schema)}.records where linkage_id = $1 and end_dated_at is null`, [linkageId])
  return Number(rows[0]!.n)
}

/** SQL: the ids (column `id`) of the incoming records and of the active records sharing a block with one. */
export function touchedBlocksQuery(schema: string, linkageId: number, strategies: readonly StrategySpec[]): string {
  const s = quoteIdent(schema)
  const linkage = Number(linkageId)
  if (!Number.isInteger(linkage)) throw new Error('linkage id must be an integer')
  const parts = [`select id from ${s}.records where linkage_id = ${linkage} and end_dated_at is null`]
  for (const fields of distinctBlockings(strategies)) {
    const keys = fields.map((b, k) => `${blockValue('n', b.field)} as k${k}`).join(', ')
    // A field that does not match empty puts no record with an empty value in any block.
    const strict = fields.filter((b) => !b.matchEmpty).map((b) => ` and ${blockValue('n', b.field)} <> ''`).join('')
    const on = fields.map((b, k) => `${blockValue('r', b.field)} = k.k${k}`).join(' and ')
    parts.push(`select r.id from (select distinct ${keys} from ${s}.records n where n.linkage_id = ${linkage} and n.end_dated_at is null${strict}) k
      join ${s}.records r on ${on} where r.end_dated_at is null`)
  }
  return parts.join('\nunion\n')
}

/** SQL: the ids of the incoming records and of both sides of the linkage's stored pairs. */
export function pairedRecordsQuery(schema: string, linkageId: number): string {
  const s = quoteIdent(schema)
  const linkage = Number(linkageId)
  if (!Number.isInteger(linkage)) throw new Error('linkage id must be an integer')
  return `select id from ${s}.records where linkage_id = ${linkage} and end_dated_at is null
    union select left_id from ${s}.pairs where linkage_id = ${linkage}
    union select right_id from ${s}.pairs where linkage_id = ${linkage}`
}

/** SQL: `ids` (a query of ids) and every record sharing a current key with one of them. */
export function withWholeGroups(schema: string, ids: string): string {
  const s = quoteIdent(schema)
  return `with picked as materialized (${ids})
    select id from picked
    union
    select g.record_id from ${s}.record_keys k join picked p on p.id = k.record_id
      join ${s}.record_keys g on g.key_number = k.key_number and g.to_revision is null
    where k.to_revision is null`
}

/**
 * The project's counts of `field` for term frequencies: each value an incoming record holds (the only values
 * an identical pair can share, as every pair has an incoming side), and how many active records hold any value —
 * what the engine counts over a whole-project table, so a partial read scores alike.
 */
export async function readTermCounts(client: pg.ClientBase, schema: string, linkageId: number, field: string): Promise<TermCounts> {
  const s = quoteIdent(schema), f = quoteIdent(field)
  const counts = await client.query<{ value: string; n: string }>(`select r.${f} as value, count(*) as n from ${s}.records r
    where r.end_dated_at is null and r.${f} in (select distinct ${f} from ${s}.records where linkage_id = $1 and end_dated_at is null and ${f} <> '')
    group by r.${f}`, [linkageId])
  const present = await client.query<{ n: string }>(`select count(*) as n from ${s}.records where end_dated_at is null and ${f} <> ''`)
  return { byValue: new Map(counts.rows.map((r) => [r.value, Number(r.n)])), present: Number(present.rows[0]!.n) }
}
