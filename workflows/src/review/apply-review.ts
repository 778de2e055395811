/**
 * A quality-review file applied to a project's map as one revision (kind `review`), in one transaction under
 * the project's key lock, so rollback undoes it exactly. The named live records are regrouped by label (see
 * review-grouping.ts); keys follow the engine's rule, as deletion's regrouping does: a group formed from
 * several former keys keeps the oldest (smallest) one, a former key split over several groups stays with the
 * group holding its oldest record (lowest record id), every other group gets a fresh key. Each named record
 * gets a current decision (its former one ends), which later linkages and deletions respect.
 */
import type pg from 'pg'
import { assignKeys } from '@ligature/engine'
import { writeKeyChanges } from '../records/linkage-keys.js'
import { onceUnderProjectLock } from '../records/revision-transaction.js'
import { quoteIdent } from '../records/record-schema.js'
import { ensureReviewDecisions } from '../records/review-decisions.js'
import type { ParsedReviewFile, ReviewFileCounts } from './review-file.js'
import { reviewGrouping } from './review-grouping.js'

export interface ReviewOutcome extends ReviewFileCounts {
  revision: number | null
  recordsPlaced: number
  idsNotFound: number
  /** Lines skipped or not found (first 20 each), for the notification. */
  skippedSample: string[]
  notFoundSample: string[]
  groupsBefore: number
  groupsAfter: number
  keysIssued: number
  keysEnded: number
  decisionsEnded: number
}

export function applyQualityReview(client: pg.ClientBase, input: { schema: string; source: string; parsed: ParsedReviewFile }): Promise<ReviewOutcome> {
  const { schema, parsed } = input
  const s = quoteIdent(schema)
  return onceUnderProjectLock<ReviewOutcome>(client, schema, input.source, async (open) => {
    await ensureReviewDecisions(client, schema)
    await client.query(`create temporary table review_rows (line integer not null, event_type_id integer not null, suid text not null, label text not null) on commit drop`)
    if (parsed.rows.length > 0) {
      await client.query(`insert into review_rows select * from unnest($1::int[], $2::int[], $3::text[], $4::text[])`,
        [parsed.rows.map((r) => r.line), parsed.rows.map((r) => r.eventTypeId), parsed.rows.map((r) => r.suid), parsed.rows.map((r) => r.label)])
    }
    const found = await client.query(`select r.id, k.key_number, v.label from review_rows v
      join ${s}.records r on r.event_type_id = v.event_type_id and r."sourceUniqueId" = v.suid and r.end_dated_at is null
      join ${s}.record_keys k on k.record_id = r.id and k.to_revision is null order by v.line`)
    const missing = await client.query(`select v.line, v.suid from review_rows v where not exists (select 1 from ${s}.records r
      join ${s}.record_keys k on k.record_id = r.id and k.to_revision is null
      where r.event_type_id = v.event_type_id and r."sourceUniqueId" = v.suid and r.end_dated_at is null) order by v.line`)
    const base = {
      ...parsed.counts, skippedSample: parsed.skippedSample, idsNotFound: missing.rowCount ?? 0,
      notFoundSample: missing.rows.slice(0, 20).map((r: { line: number; suid: string }) => `line ${r.line} (${r.suid})`),
    }
    const named = found.rows as { id: string; key_number: string; label: string }[]
    if (named.length === 0) {
      return { revision: null, outcome: { ...base, revision: null, recordsPlaced: 0, groupsBefore: 0, groupsAfter: 0, keysIssued: 0, keysEnded: 0, decisionsEnded: 0 } }
    }
    const revision = await open({ kind: 'review' })
    const labelIndex = new Map<string, number>()
    const labelIndexOf = new Map<number, number>()
    for (const row of named) {
      if (!labelIndex.has(row.label)) labelIndex.set(row.label, labelIndex.size)
      labelIndexOf.set(Number(row.id), labelIndex.get(row.label)!)
    }
    const affected = [...new Set(named.map((r) => Number(r.key_number)))]
    const members = await client.query(`select k.record_id, k.key_number from ${s}.record_keys k join ${s}.records r on r.id = k.record_id
      where k.key_number = any($1::bigint[]) and k.to_revision is null and r.end_dated_at is null order by k.record_id`, [affected])
    const ids = Float64Array.from(members.rows, (r: { record_id: string }) => Number(r.record_id))
    const keys = Float64Array.from(members.rows, (r: { key_number: string }) => Number(r.key_number))
    const groupOf = reviewGrouping(ids, keys, labelIndexOf, labelIndex.size)
    const next = Number((await client.query<{ next_key: string }>(`select next_key from ${s}.key_sequence`)).rows[0]!.next_key)
    const assigned = assignKeys(groupOf, keys, next)
    await writeKeyChanges(client, schema, revision, 0, ids, keys, assigned.keyOf, assigned.nextKeyNumber)
    const placed = [...labelIndexOf.keys()]
    const ended = await client.query(`update ${s}.review_decisions set to_revision = $1 where record_id = any($2::bigint[]) and to_revision is null`, [revision, placed])
    await client.query(`insert into ${s}.review_decisions (record_id, review_revision, label, from_revision)
      select id, $1, label, $1 from unnest($2::bigint[], $3::text[]) as t(id, label)`, [revision, placed, named.map((r) => r.label)])
    const keysAfter = new Set(assigned.keyOf)
    return {
      revision,
      outcome: {
        ...base, revision, recordsPlaced: named.length, groupsBefore: affected.length, groupsAfter: new Set(groupOf).size,
        keysIssued: assigned.nextKeyNumber - next, keysEnded: affected.filter((k) => !keysAfter.has(k)).length, decisionsEnded: ended.rowCount ?? 0,
      },
    }
  })
}
