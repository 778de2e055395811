/**
 * Destroying record data: the chosen records' personal identifiers are blanked in place, in one transaction
 * under the project's key lock, as a `destruction` revision that records who and why. Everything the
 * provider sent about the person goes — every linkage field but the Source Unique ID, the derived codes
 * (phonetic codes, initial, date parts) and the auxiliary values — and nothing else changes: record ids,
 * event type, Source Unique ID, key history, pairs and groups stay, so extractions still list the records
 * under their keys. Rollback restores key rows and end-dates, never column values, so nothing brings the
 * identifiers back (DECISIONS.md, "Destroying record data").
 */
import type pg from 'pg'
import { RECORD_COLUMNS } from '../loading/store/copy-text.js'
import { onceUnderProjectLock } from './revision-transaction.js'
import { quoteIdent } from './record-schema.js'

/** Columns a destruction blanks: all of a record's data but the id the provider knows it by. */
export const DESTROYED_COLUMNS = RECORD_COLUMNS.filter((c) => c !== 'sourceUniqueId')

/** Which records: those an envelope's linkages loaded, or an event type's (all, or the listed ids). */
export type DestructionSelection =
  | { linkageIds: number[] }
  | { eventTypeId: number; sourceUniqueIds: string[] | null }

export interface DestructionOutcome {
  recordsSelected: number; recordsBlanked: number; alreadyDestroyed: number
  idsListed: number; idsNotFound: number; unknownSample: string[]
  /** Linkages that loaded any selected record: their staged files are removed after the commit. */
  linkageIds: number[]
}

function selection(sel: DestructionSelection): { where: string; params: unknown[] } {
  if ('linkageIds' in sel) return { where: 'r.linkage_id = any($2::integer[])', params: [sel.linkageIds] }
  if (sel.sourceUniqueIds === null) return { where: 'r.event_type_id = $2', params: [sel.eventTypeId] }
  return { where: 'r.event_type_id = $2 and r."sourceUniqueId" = any($3::text[])', params: [sel.eventTypeId, sel.sourceUniqueIds] }
}

export function destroyRecordData(client: pg.ClientBase, input: { schema: string; source: string; actor: string; reason: string; selection: DestructionSelection }): Promise<DestructionOutcome> {
  const s = quoteIdent(input.schema)
  const { where, params } = selection(input.selection)
  return onceUnderProjectLock<DestructionOutcome>(client, input.schema, input.source, async (open) => {
    const revision = await open({ kind: 'destruction', actor: input.actor, reason: input.reason })
    const blanks = DESTROYED_COLUMNS.map((c) => `${quoteIdent(c)} = null`).join(', ')
    const blanked = await client.query(`update ${s}.records r set ${blanks}, destroyed_revision = $1 where ${where} and r.destroyed_revision is null`, [revision, ...params])
    const counts = await client.query(`select count(*)::int as selected, count(*) filter (where r.destroyed_revision <> $1)::int as earlier,
      coalesce(array_agg(distinct r.linkage_id), '{}') as linkages from ${s}.records r where ${where}`, [revision, ...params])
    const ids = 'sourceUniqueIds' in input.selection ? input.selection.sourceUniqueIds : null
    const unknown = ids === null ? { rows: [] } : await client.query(`select u.suid from unnest($2::text[]) with ordinality u(suid, line)
      where not exists (select 1 from ${s}.records r where r.event_type_id = $1 and r."sourceUniqueId" = u.suid) order by u.line`, [params[0], ids])
    const c = counts.rows[0] as { selected: number; earlier: number; linkages: number[] }
    return {
      revision,
      outcome: {
        recordsSelected: c.selected, recordsBlanked: blanked.rowCount ?? 0, alreadyDestroyed: c.earlier,
        idsListed: ids?.length ?? 0, idsNotFound: unknown.rows.length, unknownSample: unknown.rows.slice(0, 50).map((r: { suid: string }) => r.suid),
        linkageIds: c.linkages.map(Number).sort((a, b) => a - b),
      },
    }
  })
}
