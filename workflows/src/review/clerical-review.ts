/**
 * Pairs for clerical review: the kept pairs of a linkage whose score lies in the band from their strategy's
 * threshold up to the threshold plus REVIEW_MARGIN (DECISIONS.md "Quality review"). Such pairs were linked (or
 * refused by the grouping) on little evidence. They are written as a ready-to-edit quality-review file: each
 * record of a listed pair once, labelled with its current key, so a reviewer changes labels and sends the file
 * back as a SubmitQualityReview envelope. Groups the linkage touched that hold two or more records of one
 * authoritative event type (the grouping rule's "Groups for review") are listed with all their records. The
 * margin is a fixed, documented weight (a likelihood ratio of 2^4 = 16 above the threshold's), not tuned against
 * any benchmark.
 *
 * Postgres counts, deduplicates and sorts the list and the worker streams it to the file, so the worker's memory
 * does not grow with the band: held in memory, the list of a three-million-record first load took 715 MiB of heap.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import type pg from 'pg'
import { formatKey } from '@ligature/engine'
import { copyOut } from '../records/copy-out.js'
import { quoteIdent } from '../records/record-schema.js'
import { withSessionSettings } from '../records/session-settings.js'

export const REVIEW_MARGIN = 4

export interface ReviewBand { linkageId: number; thresholds: { name: string; threshold: number }[] }

/** The linkage's ($1) kept pairs in the band ($2 names, $3 thresholds, $4 margin), as their records' ids. */
const bandPairIds = (s: string) => `select p.left_id, p.right_id
    from ${s}.pairs p join unnest($2::text[], $3::float8[]) as t(name, threshold) on t.name = p.strategy
    where p.linkage_id = $1 and p.score >= t.threshold and p.score < t.threshold + $4`

/**
 * What the file names of each live record of a band pair (source unique id, event type, current key), looked up
 * one record at a time in record id order (BAND_LOOKUP_SETTINGS): records and their key rows are stored in id
 * order, so the lookups walk both tables forwards and cost what the band holds, not what the project holds.
 */
const bandRecords = (s: string) => `select r.id, r."sourceUniqueId", r.event_type_id, k.key_number
    from (select left_id as id from clerical_pair_ids union select right_id from clerical_pair_ids order by id) i
    join ${s}.records r on r.id = i.id and r.end_dated_at is null join ${s}.record_keys k on k.record_id = r.id and k.to_revision is null`

/**
 * The planner's other choices for bandRecords scan both whole tables (with fresh statistics), which a small
 * incremental band cannot afford, or probe them in hash order (before a first load's tables are analysed), which
 * reads pages at random. Joined in pair order, the list of a ten-million-record first load took 322 s.
 */
const BAND_LOOKUP_SETTINGS = { enable_hashjoin: 'off', enable_mergejoin: 'off' }

/** The band pairs counted (those whose records are both live), those of them sharing a key, and all of them. */
const BAND_COUNTS = `select count(*) as pairs, count(*) filter (where l.key_number = r.key_number) as linked,
    (select count(*) from clerical_pair_ids) as band
    from clerical_pair_ids p join clerical_records l on l.id = p.left_id join clerical_records r on r.id = p.right_id`

/** Records whose every band pair has an end-dated partner: neither the pairs nor they are listed. */
const UNPAIRED_RECORDS = `delete from clerical_records where id in (
    select x.id from (select left_id as id, right_id as other from clerical_pair_ids union all select right_id, left_id from clerical_pair_ids) x
    left join clerical_records o on o.id = x.other group by x.id having count(o.id) = 0)`

/**
 * Live records of the groups the linkage ($1) keyed that hold 2+ live records of one authoritative event type ($2).
 * Only authoritative records are grouped and counted; the flagged groups' members are then found by key.
 */
const flaggedRecords = (s: string) => `with touched as (select distinct key_number from ${s}.record_keys where linkage_id = $1 and to_revision is null),
    flagged as (select k.key_number from ${s}.record_keys k join ${s}.records r on r.id = k.record_id
      where k.to_revision is null and r.end_dated_at is null and r.event_type_id = any($2::int[]) and k.key_number in (select key_number from touched)
      group by k.key_number, r.event_type_id having count(*) > 1)
    select r."sourceUniqueId", r.event_type_id, k.key_number from ${s}.record_keys k join ${s}.records r on r.id = k.record_id
    where k.to_revision is null and r.end_dated_at is null and k.key_number in (select key_number from flagged)`

/**
 * The listed records, as (source unique id, event type, key): both records of every counted band pair (those left
 * in clerical_records) and every record of a flagged group, each once (a record is named by its event type and
 * source unique id), grouped by key and within a key ordered by source unique id (code-point order), then event type.
 */
const LISTED_RECORDS = `select suid, event_type_id, key_number from (
      select distinct on (event_type_id, suid) suid, event_type_id, key_number from (
        select suid, event_type_id, key_number from clerical_records
        union all select suid, event_type_id, key_number from clerical_flagged) x
      order by event_type_id, suid, key_number) d
    order by key_number, suid collate "C", event_type_id`

export interface ClericalCounts { pairs: number; pairsLinked: number; flaggedGroups: number }
export interface ClericalList { counts: ClericalCounts; records: number; chars: number }
export interface ClericalFile { path: string; projectCode: string; eventTypeCodeOf: ReadonlyMap<number, string> }

/**
 * The linkage's clerical-review list: its band pairs and flagged groups counted and, when there is anything to
 * list, its quality-review file written to `file.path`; null when nothing is listed. In one transaction, through
 * temporary tables, so the band and the flagged groups are computed once for the counts and the file alike.
 */
export async function writeClericalReview(client: pg.ClientBase, schema: string, band: ReviewBand, authoritative: number[], file: ClericalFile): Promise<ClericalList | null> {
  const s = quoteIdent(schema)
  await client.query('begin')
  try {
    await client.query('create temporary table clerical_pair_ids (left_id bigint, right_id bigint) on commit drop')
    await client.query('create temporary table clerical_records (id bigint, suid text, event_type_id integer, key_number bigint) on commit drop')
    await client.query('create temporary table clerical_flagged (suid text, event_type_id integer, key_number bigint) on commit drop')
    await client.query(`insert into clerical_pair_ids ${bandPairIds(s)}`,
      [band.linkageId, band.thresholds.map((t) => t.name), band.thresholds.map((t) => t.threshold), REVIEW_MARGIN])
    await withSessionSettings(client, BAND_LOOKUP_SETTINGS, () => client.query(`insert into clerical_records ${bandRecords(s)}`))
    // Temporary tables are never analysed automatically; the joins below need their sizes.
    await client.query('analyze clerical_pair_ids; analyze clerical_records')
    const bandCounts = (await client.query<{ pairs: string; linked: string; band: string }>(BAND_COUNTS)).rows[0]!
    // Only a pair with an end-dated record goes uncounted, rarely; then its records are listed only through another pair.
    if (bandCounts.pairs !== bandCounts.band) await client.query(UNPAIRED_RECORDS)
    // No authoritative event type, no flagged group: skip the scan of the touched groups.
    if (authoritative.length > 0) await client.query(`insert into clerical_flagged ${flaggedRecords(s)}`, [band.linkageId, authoritative])
    const { rows } = await client.query<{ flagged: string }>('select count(distinct key_number) as flagged from clerical_flagged')
    const counts = { pairs: Number(bandCounts.pairs), pairsLinked: Number(bandCounts.linked), flaggedGroups: Number(rows[0]!.flagged) }
    const listed = counts.pairs > 0 || counts.flaggedGroups > 0 ? { counts, ...await writeListedRecords(client, file) } : null
    await client.query('commit')
    return listed
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
}

/** Quoted when the review file's reader would otherwise change it (see review-file.ts). */
const csvField = (value: string) => /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value

/** One row of the quality-review file: project, source unique id, event type, the current key as its label. */
export const clericalLine = (projectCode: string, suid: string, eventTypeCode: string, key: number): string =>
  [projectCode, suid, eventTypeCode, formatKey(key)].map(csvField).join(',') + '\n'

const FLUSH_CHARS = 1 << 20

/**
 * Streams the listed records as quality-review rows to `file.path` (through a temporary file renamed at the end,
 * so a retried activity never leaves half a file); returns how many records it lists and its length in UTF-16
 * units (a JavaScript string's), which the results service limits.
 */
async function writeListedRecords(client: pg.ClientBase, file: ClericalFile): Promise<{ records: number; chars: number }> {
  const partial = `${file.path}.partial`
  const fd = openSync(partial, 'w')
  let chunk = ''
  let chars = 0
  try {
    const records = await copyOut(client, LISTED_RECORDS, (row) => {
      const eventTypeId = Number(row[1])
      chunk += clericalLine(file.projectCode, row[0] ?? '', file.eventTypeCodeOf.get(eventTypeId) ?? String(eventTypeId), Number(row[2]))
      if (chunk.length >= FLUSH_CHARS) { chars += chunk.length; writeSync(fd, chunk); chunk = '' }
    })
    chars += chunk.length
    if (chunk) writeSync(fd, chunk)
    closeSync(fd)
    renameSync(partial, file.path)
    return { records, chars }
  } catch (err) {
    try { closeSync(fd) } catch { /* closed already */ }
    rmSync(partial, { force: true })
    throw err
  }
}

export function clericalMessage(counts: ClericalCounts, records: number): string {
  const { pairs, pairsLinked: linked, flaggedGroups } = counts
  return `Clerical review: ${pairs} pairs of this linkage scored less than ${REVIEW_MARGIN} above their strategy's threshold ` +
    `(${linked} of them linked, ${pairs - linked} in different groups), and ${flaggedGroups} groups it touched hold two or more records of one authoritative event type. ` +
    `The attached quality-review file lists their ${records} records, ` +
    'each labelled with its current key: change the labels to regroup, remove the rows you leave alone, and send it as a SubmitQualityReview envelope.'
}
