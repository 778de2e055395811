/**
 * Pairs for clerical review: the kept pairs of a linkage whose score lies in the band from their strategy's
 * threshold up to the threshold plus REVIEW_MARGIN (DECISIONS.md "Quality review"). Such pairs were linked (or
 * refused by the grouping) on little evidence. They are written as a ready-to-edit quality-review file: each
 * record of a listed pair once, labelled with its current key, so a reviewer changes labels and sends the file
 * back as a SubmitQualityReview envelope. The margin is a fixed, documented weight (a likelihood ratio of
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
const csvField = (value: string) => /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value

/** The quality-review file of the listed pairs' records: each once, grouped by key, labelled with its key. */
export function clericalReviewFile(projectCode: string, pairs: ClericalPair[], eventTypeCodeOf: ReadonlyMap<number, string>): { text: string; records: number } {
  const rows = new Map<string, { key: number; line: string }>()
  for (const p of pairs) {
    for (const r of [p.left, p.right]) {
      const code = eventTypeCodeOf.get(r.eventTypeId) ?? String(r.eventTypeId)
      const id = `${code}\u0000${r.suid}`
      if (!rows.has(id)) rows.set(id, { key: r.key, line: [projectCode, r.suid, code, formatKey(r.key)].map(csvField).join(',') })
    }
  }
  const sorted = [...rows.values()].sort((a, b) => a.key - b.key || (a.line < b.line ? -1 : a.line > b.line ? 1 : 0))
  return { text: sorted.map((r) => r.line + '\n').join(''), records: sorted.length }
}

export function clericalMessage(pairs: ClericalPair[], records: number): string {
  const linked = pairs.filter((p) => p.left.key === p.right.key).length
  return `Clerical review: ${pairs.length} pairs of this linkage scored less than ${REVIEW_MARGIN} above their strategy's threshold ` +
    `(${linked} of them linked, ${pairs.length - linked} in different groups). The attached quality-review file lists their ${records} records, ` +
    'each labelled with its current key: change the labels to regroup, remove the rows you leave alone, and send it as a SubmitQualityReview envelope.'
}
