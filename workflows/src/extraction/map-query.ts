/**
 * The linkage map of one event type as SQL for `COPY (…) TO STDOUT`: Source Unique ID, Source Person ID, key
 * number, linked project key number and previous key numbers (an array) per record, in load order. Enduring projects read the current map; snapshot projects the map as
 * of their creation: the last revision committed by then, and records not yet end-dated at that moment.
 * Values are inlined (COPY takes no parameters), so each is checked to be what it claims.
 */
import { quoteIdent } from '../records/record-schema.js'
import { PREVIOUS_KEYS_TABLE } from '../records/key-lineage.js'

export interface MapQueryInput {
  schema: string
  eventTypeId: number
  /** ISO time for a snapshot; null for the current map. */
  asOf: string | null
  /** Restrict to the Source Unique IDs in the session's temporary table `extraction_ids`. */
  onlyListedIds: boolean
  /** Fill the previous keys from the temporary table `previous_keys` (records/key-lineage.ts); enduring maps only. */
  previousKeys?: boolean
}

export const ID_TABLE = 'extraction_ids'

export function linkageMapSql(q: MapQueryInput): string {
  if (!Number.isInteger(q.eventTypeId)) throw new Error('event type id must be an integer')
  const s = quoteIdent(q.schema)
  const ids = q.onlyListedIds ? ` join ${ID_TABLE} i on i.suid = r."sourceUniqueId"` : ''
  const select = (linked: string, previous: string) => `select r."sourceUniqueId", r."jurisdictionalLinkageKey", k.key_number, ${linked}, ${previous} from ${s}.records r`
  if (q.asOf === null) {
    const previous = q.previousKeys ? `
      left join ${PREVIOUS_KEYS_TABLE} pk on pk.key_number = k.key_number` : ''
    // Project-to-project: the reference project's key each calling group matched (null: none, or not a calling project).
    return `${select('p.reference_key', q.previousKeys ? 'pk.previous' : 'null::bigint[]')} join ${s}.record_keys k on k.record_id = r.id and k.to_revision is null${ids}
      left join ${s}.reference_links p on p.key_number = k.key_number${previous}
      where r.event_type_id = ${q.eventTypeId} and r.end_dated_at is null order by r.id`
  }
  const at = `'${asTimestamp(q.asOf)}'::timestamptz`
  // Snapshots leave the reference project's enduring key and the previous keys out: they would let two masked
  // maps be joined, or unmask a key.
  return `${select('null::bigint', 'null::bigint[]')} join ${s}.record_keys k on k.record_id = r.id${ids}
    cross join (select coalesce(max(revision), 0) as rev from ${s}.revisions where committed_at <= ${at}) v
    where r.event_type_id = ${q.eventTypeId} and k.from_revision <= v.rev and (k.to_revision is null or k.to_revision > v.rev)
      and (r.end_dated_at is null or r.end_dated_at > ${at}) order by r.id`
}

/** Listed ids that are not in the map (never loaded, end-dated, or loaded after the snapshot), in list order. */
export function unknownIdsSql(q: MapQueryInput, limit: number): string {
  const inMap = linkageMapSql({ ...q, onlyListedIds: true }).replace(/ order by r\.id$/, '')
  return `select i.suid from ${ID_TABLE} i where not exists (select 1 from (${inMap}) m where m."sourceUniqueId" = i.suid)
    order by i.line limit ${Math.trunc(limit)}`
}

export function asTimestamp(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) throw new Error('not a timestamp')
  return d.toISOString()
}
