/**
 * Pairs for clerical review: the kept pairs of a linkage whose score lies in the band from their strategy's
 * threshold up to the threshold plus REVIEW_MARGIN (DECISIONS.md "Quality review"). Such pairs were linked (or
 * refused by the grouping) on little evidence. They are written as a ready-to-edit quality-review file: each
 * record of a listed pair once, labelled with its current key, so a reviewer changes labels and sends the file
 * back as a SubmitQualityReview envelope. Groups the linkage touched that hold two or more records of one
 * authoritative event type (the grouping rule's "Groups for review") are listed with all their records. The margin is a fixed, documented weight (a likelihood ratio of
 * 2^4 = 16 above the threshold's), not tuned against any benchmark.
 */
import type pg from 'pg'
import { formatKey } from '@ligature/engine'
import { quoteIdent } from '../records/record-schema.js'

export const REVIEW_MARGIN = 4

export interface ClericalRecord { suid: string; eventTypeId: number; key: number }
export interface ClericalPair { left: ClericalRecord; right: ClericalRecord; strategy: string; score: number }

/** The band pairs of one linkage, lowest score first, with both records' current keys (live records only). */
export async function clericalPairs(client: pg.ClientBase, schema: string, linkageId: number, thresholds: { name: string; threshold: number }[]): Promise<ClericalPair[]> {
  if (thresholds.length === 0) return []
  const s = quoteIdent(schema)
  const rows = await client.query(`select p.strategy, p.score, l."sourceUniqueId" as lsuid, l.event_type_id as let, lk.key_number as lkey,
      r."sourceUniqueId" as rsuid, r.event_type_id as ret, rk.key_number as rkey
    from ${s}.pairs p join unnest($2::text[], $3::float8[]) as t(name, threshold) on t.name = p.strategy
    join ${s}.records l on l.id = p.left_id and l.end_dated_at is null join ${s}.record_keys lk on lk.record_id = l.id and lk.to_revision is null
    join ${s}.records r on r.id = p.right_id and r.end_dated_at is null join ${s}.record_keys rk on rk.record_id = r.id and rk.to_revision is null
    where p.linkage_id = $1 and p.score >= t.threshold and p.score < t.threshold + $4 order by p.score, p.left_id, p.right_id`,
  [linkageId, thresholds.map((t) => t.name), thresholds.map((t) => t.threshold), REVIEW_MARGIN])
  return rows.rows.map((r: { strategy: string; score: number; lsuid: string; let: number; lkey: string; rsuid: string; ret: number; rkey: string }) => ({
    strategy: r.strategy, score: r.score,
    left: { suid: r.lsuid, eventTypeId: r.let, key: Number(r.lkey) }, right: { suid: r.rsuid, eventTypeId: r.ret, key: Number(r.rkey) },
  }))
}

/** Quoted when the review file's reader would otherwise change it (see review-file.ts). */
/** Live records of groups this linkage keyed that hold 2+ records of one authoritative event type. */
export async function flaggedGroupRecords(client: pg.ClientBase, schema: string, linkageId: number, authoritative: number[]): Promise<{ records: ClericalRecord[]; groups: number }> {
  if (authoritative.length === 0) return { records: [], groups: 0 }
  const s = quoteIdent(schema)
  const rows = await client.query(`with touched as (select distinct key_number from ${s}.record_keys where linkage_id = $1 and to_revision is null),
    live as (select r.id, r."sourceUniqueId" as suid, r.event_type_id, k.key_number from ${s}.record_keys k join ${s}.records r on r.id = k.record_id
      where k.to_revision is null and r.end_dated_at is null and k.key_number in (select key_number from touched)),
    flagged as (select key_number from live where event_type_id = any($2::int[]) group by key_number, event_type_id having count(*) > 1)
    select suid, event_type_id, key_number from live where key_number in (select key_number from flagged) order by key_number, id`, [linkageId, authoritative])
  const records = rows.rows.map((r: { suid: string; event_type_id: number; key_number: string }) => ({ suid: r.suid, eventTypeId: r.event_type_id, key: Number(r.key_number) }))
  return { records, groups: new Set(records.map((r) => r.key)).size }
}

const csvField = (value: string) => /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value

/** The quality-review file of the listed pairs' records: each once, grouped by key, labelled with its key. */
export function clericalReviewFile(projectCode: string, pairs: ClericalPair[], eventTypeCodeOf: ReadonlyMap<number, string>, flagged: ClericalRecord[] = []): { text: string; records: number } {
  const rows = new Map<string, { key: number; line: string }>()
  for (const records of [...pairs.map((p) => [p.left, p.right]), flagged]) {
    for (const r of records) {
      const code = eventTypeCodeOf.get(r.eventTypeId) ?? String(r.eventTypeId)
      const id = `${code}\u0000${r.suid}`
      if (!rows.has(id)) rows.set(id, { key: r.key, line: [projectCode, r.suid, code, formatKey(r.key)].map(csvField).join(',') })
    }
  }
  const sorted = [...rows.values()].sort((a, b) => a.key - b.key || (a.line < b.line ? -1 : a.line > b.line ? 1 : 0))
  return { text: sorted.map((r) => r.line + '\n').join(''), records: sorted.length }
}

export function clericalMessage(pairs: ClericalPair[], flaggedGroups: number, records: number): string {
  const linked = pairs.filter((p) => p.left.key === p.right.key).length
  return `Clerical review: ${pairs.length} pairs of this linkage scored less than ${REVIEW_MARGIN} above their strategy's threshold ` +
    `(${linked} of them linked, ${pairs.length - linked} in different groups), and ${flaggedGroups} groups it touched hold two or more records of one authoritative event type. ` +
    `The attached quality-review file lists their ${records} records, ` +
    'each labelled with its current key: change the labels to regroup, remove the rows you leave alone, and send it as a SubmitQualityReview envelope.'
}
