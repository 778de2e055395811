import { sql, type Kysely, type Transaction } from 'kysely'
import type { EventTypeInput } from '@ligature/contracts'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { EventTypeRow, RegistryDb } from '../db.js'

type Db = Kysely<RegistryDb> | Transaction<RegistryDb>

/** `visible` is null for callers who see every event type; `providerId` narrows to one provider. */
export async function listEventTypes(db: Db, page: Page, visible: number[] | null, providerId?: number): Promise<{ rows: EventTypeRow[]; total: number }> {
  let q = db.selectFrom('event_types')
  if (visible) q = q.where('id', 'in', visible.length ? visible : [-1])
  if (providerId !== undefined) q = q.where('data_provider_id', '=', providerId)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
}

export const findEventType = (db: Db, id: number) =>
  db.selectFrom('event_types').selectAll().where('id', '=', id).executeTakeFirst()

/** Locks the provider row against a concurrent mark-for-deletion while an event type is attached to it. */
export const lockProvider = (db: Db, id: number) =>
  db.selectFrom('data_providers').select(['id', 'marked_for_deletion']).where('id', '=', id).forShare().executeTakeFirst()

/** Import format ids among `ids` that exist, locked so they cannot be deleted before the commit. */
export async function existingImportFormatIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const rows = await db.selectFrom('import_formats').select('id').where('id', 'in', ids).forShare().execute()
  return new Set(rows.map((r) => r.id))
}

const fields = (input: EventTypeInput) => ({
  data_provider_id: input.dataProviderId, code: input.code, description: input.description,
  is_authoritative: input.isAuthoritative, category: input.category,
})

export const insertEventType = (db: Db, input: EventTypeInput) =>
  db.insertInto('event_types').values(fields(input)).returningAll().executeTakeFirstOrThrow()

/** Updates only when the stored revision is `expected` (or unconditionally when null); returns rows changed. */
export async function updateEventType(db: Db, id: number, input: EventTypeInput, expected: number | null): Promise<number> {
  let q = db.updateTable('event_types').set({ ...fields(input), revision: sql`revision + 1`, last_modified: sql`now()` }).where('id', '=', id)
  if (expected !== null) q = q.where('revision', '=', expected)
  const res = await q.executeTakeFirst()
  return Number(res.numUpdatedRows)
}

export const markEventTypeForDeletion = (db: Db, id: number) =>
  db.updateTable('event_types').set({ marked_for_deletion: true, revision: sql`revision + 1`, last_modified: sql`now()` })
    .where('id', '=', id).returningAll().executeTakeFirst()

/** Marks every event type of a provider (the provider's own deletion covers them). */
export const markProviderEventTypesForDeletion = (db: Db, providerId: number) =>
  db.updateTable('event_types').set({ marked_for_deletion: true, revision: sql`revision + 1`, last_modified: sql`now()` })
    .where('data_provider_id', '=', providerId).where('marked_for_deletion', '=', false).execute()
