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

export const REVIEW_MARGIN = 4

export interface ReviewBand { linkageId: number; thresholds: { name: string; threshold: number }[] }

/**
 * The linkage's ($1) kept pairs in the band ($2 names, $3 thresholds, $4 margin) whose records are both live, with
 * what the file names of each record (source unique id, event type, current key), so the list needs no second join.
 */
const bandPairs = (s: string) => `select l."sourceUniqueId", l.event_type_id, lk.key_number, r."sourceUniqueId", r.event_type_id, rk.key_number
    from ${s}.pairs p join unnest($2::text[], $3::float8[]) as t(name, threshold) on t.name = p.strategy
    join ${s}.records l on l.id = p.left_id and l.end_dated_at is null join ${s}.record_keys lk on lk.record_id = l.id and lk.to_revision is null
    join ${s}.records r on r.id = p.right_id and r.end_dated_at is null join ${s}.record_keys rk on rk.record_id = r.id and rk.to_revision is null
    where p.linkage_id = $1 and p.score >= t.threshold and p.score < t.threshold + $4`

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
 * The listed records, as (source unique id, event type, key): both records of every band pair and every record
 * of a flagged group, each once (a record is named by its event type and source unique id), grouped by key and
 * within a key ordered by source unique id (code-point order), then event type.
 */
const LISTED_RECORDS = `select suid, event_type_id, key_number from (
      select distinct on (event_type_id, suid) suid, event_type_id, key_number from (
        select lsuid as suid, levent as event_type_id, lkey as key_number from clerical_band
        union all select rsuid, revent, rkey from clerical_band
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
    await client.query('create temporary table clerical_band (lsuid text, levent integer, lkey bigint, rsuid text, revent integer, rkey bigint) on commit drop')
    await client.query('create temporary table clerical_flagged (suid text, event_type_id integer, key_number bigint) on commit drop')
    await client.query(`insert into clerical_band ${bandPairs(s)}`,
      [band.linkageId, band.thresholds.map((t) => t.name), band.thresholds.map((t) => t.threshold), REVIEW_MARGIN])
    // No authoritative event type, no flagged group: skip the scan of the touched groups.
    if (authoritative.length > 0) await client.query(`insert into clerical_flagged ${flaggedRecords(s)}`, [band.linkageId, authoritative])
    const { rows } = await client.query<{ pairs: string; linked: string; flagged: string }>(`select (select count(*) from clerical_band) as pairs,
      (select count(*) from clerical_band where lkey = rkey) as linked, (select count(distinct key_number) from clerical_flagged) as flagged`)
    const counts = { pairs: Number(rows[0]!.pairs), pairsLinked: Number(rows[0]!.linked), flaggedGroups: Number(rows[0]!.flagged) }
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
