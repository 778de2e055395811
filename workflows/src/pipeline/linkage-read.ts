/**
 * What a linkage reads of the project (issue 18). 'touched': the incoming records and the existing ones
 * sharing a block with them (touched-records.ts), with term frequencies counted over the whole project in
 * SQL; 'full': every active record, as before — the reference the touched read must equal, and the choice
 * when most of the project is incoming anyway makes no difference to the result.
 */
import type pg from 'pg'
import { activeStrategies, type StrategySpec } from '@ligature/engine'
import { columnSpecs, readLinkageRecords, type LinkageRecords, type ReadCoding } from '../records/linkage-records.js'
import { readTouchedFromCache } from '../records/record-cache.js'
import { distinctBlockings, pairedRecordsQuery, readTermCounts, termFrequencyFields, touchedBlocksQuery, withWholeGroups } from '../records/touched-records.js'
import { fieldsUsed } from './match-config.js'
import { quoteIdent } from '../records/record-schema.js'
import { withAnalysedIds } from '../records/analysed-ids.js'

export type LinkageRead = 'touched' | 'full'
export const DEFAULT_LINKAGE_READ: LinkageRead = 'touched'

/**
 * The read a linkage uses when its caller does not say: 'full' while the project holds no active record
 * outside this linkage (a first load: every record is incoming, so the touched read would select them all
 * through a costlier query, and building the blocking indexes would only delay it), 'touched' afterwards.
 * Every partition of a linkage asks under the project lock, so they all get the same answer.
 */
export async function linkageReadFor(client: pg.ClientBase, schema: string, linkageId: number): Promise<LinkageRead> {
  const s = quoteIdent(schema)
  // The lowest and highest linkage of an active record: two index lookups at the ends of records_linkage that
  // the planner picks with or without statistics. `linkage_id <> $1`, which no index serves, scanned the whole
  // table; so did two ranges (`< $1`, `> $1`) right after a first load, before any statistics: 0.40 s at a
  // million records, asked by every activity of the linkage, against 0.02 ms.
  const { rows } = await client.query<{ existing: boolean | null }>(
    `select min(linkage_id) < $1 or max(linkage_id) > $1 as existing from ${s}.records where end_dated_at is null`, [linkageId])
  return rows[0]!.existing === true ? DEFAULT_LINKAGE_READ : 'full'
}

/**
 * A full read codes half its fields on the kept second thread; a touched read does not, by default: it waits on
 * Postgres (its query alone took 1.8–2.0 s of a 1.7–2.1 s read at 10,000 into 1,000,000), and with the thread it
 * took 1.72–2.36 s against 1.66–2.15 s (profile-touched-read.ts, five rounds alternating).
 */
const codingFor = (read: LinkageRead): ReadCoding => ({ secondThread: read === 'full' })

/** Runs `fn` on a database connection of its own (borrowed from a pool), so two reads can overlap. */
export type SecondConnection = <T>(fn: (client: pg.ClientBase) => Promise<T>) => Promise<T>

/**
 * The records a linkage matches. `wholeGroups`: for a caller that groups from this same table (the in-memory
 * strategies): also every member of the touched records' groups, which add no pair, sharing no block with an
 * incoming record, and every record's current key. Without it (a block partition, which only matches) keys are
 * not read and stay 0. `second`: where the term counts run while the records stream in on `client`; they
 * count the whole project's values (0.55 s of a 3.1 s read at 1,000,000 + 10,000). Without it, one after the other.
 * `coding`: how the records' fields are coded (readLinkageRecords' ReadCoding; codingFor unless told).
 * `recordCache`: the project's cached copy of its records (record-cache.ts), which a touched read without whole
 * groups uses instead of the touched query when the copy is current.
 */
export async function readForMatching(client: pg.ClientBase, schema: string, linkageId: number, strategies: readonly StrategySpec[],
  read: LinkageRead, wholeGroups = false, second?: SecondConnection, coding: ReadCoding = codingFor(read), recordCache?: string): Promise<LinkageRecords> {
  const fields = fieldsUsed(strategies)
  if (read === 'full') return readLinkageRecords(client, schema, linkageId, fields, null, wholeGroups, coding)
  const active = activeStrategies(strategies)
  const touched = touchedBlocksQuery(schema, linkageId, active)
  const countAll = async (c: pg.ClientBase) => {
    const counts = []
    for (const field of termFrequencyFields(active)) counts.push({ field, counts: await readTermCounts(c, schema, linkageId, field) })
    return counts
  }
  if (recordCache && !wholeGroups) {
    const cached = await readTouchedFromCache(client, { schema, linkageId, fields, specs: columnSpecs(fields), blockings: distinctBlockings(active),
      termFields: termFrequencyFields(active), path: recordCache })
    if (cached) return cached
  }
  const readRecords = () => readLinkageRecords(client, schema, linkageId, fields, wholeGroups ? withWholeGroups(schema, touched) : touched, wholeGroups, coding)
  const [records, termCounts] = second ? await Promise.all([readRecords(), second(countAll)]) : [await readRecords(), await countAll(client)]
  for (const { field, counts } of termCounts) records.table!.setTermCounts(field, counts)
  return records
}

/**
 * The records the on-disk grouping needs: those of the linkage's pairs and incoming ones, with their whole groups.
 * Their ids are stored and analysed first (analysed-ids.ts): they grow with the envelope, and planned blind the
 * read scanned the whole project.
 */
export function readForGrouping(client: pg.ClientBase, schema: string, linkageId: number, read: LinkageRead): Promise<LinkageRecords> {
  return read === 'full' ? readLinkageRecords(client, schema, linkageId)
    : withAnalysedIds(client, withWholeGroups(schema, pairedRecordsQuery(schema, linkageId)), (only) => readLinkageRecords(client, schema, linkageId, [], only))
}
