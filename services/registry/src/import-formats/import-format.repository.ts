import { sql, type Kysely, type Transaction } from 'kysely'
import type { ImportFormatInput } from '@ligature/contracts'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { ImportFormatColumnRow, ImportFormatRow, RegistryDb } from '../db.js'

type Db = Kysely<RegistryDb> | Transaction<RegistryDb>

/** `visible` is null for callers who see every format, else the ids they may see. */
export async function listImportFormats(db: Db, page: Page, visible: number[] | null): Promise<{ rows: ImportFormatRow[]; total: number }> {
  let q = db.selectFrom('import_formats')
  if (visible) q = q.where('id', 'in', visible.length ? visible : [-1])
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
}

export const findImportFormat = (db: Db, id: number) =>
  db.selectFrom('import_formats').selectAll().where('id', '=', id).executeTakeFirst()

/** Columns of the given formats, by format id, in body order. */
export async function loadColumns(db: Db, formatIds: number[]): Promise<Map<number, ImportFormatColumnRow[]>> {
  const byFormat = new Map<number, ImportFormatColumnRow[]>(formatIds.map((id) => [id, []]))
  if (formatIds.length === 0) return byFormat
  const rows = await db.selectFrom('import_format_columns').selectAll().where('import_format_id', 'in', formatIds)
    .orderBy('import_format_id').orderBy('position').execute()
  for (const row of rows) byFormat.get(row.import_format_id)!.push(row)
  return byFormat
}

export const insertImportFormat = (db: Db, input: ImportFormatInput) =>
  db.insertInto('import_formats').values({ name: input.name, column_type: input.columnType }).returningAll().executeTakeFirstOrThrow()

/** Updates only when the stored revision is `expected` (or unconditionally when null); returns rows changed. */
export async function updateImportFormat(db: Db, id: number, input: ImportFormatInput, expected: number | null): Promise<number> {
  let q = db.updateTable('import_formats').set({
    name: input.name, column_type: input.columnType, revision: sql`revision + 1`, last_modified: sql`now()`,
  }).where('id', '=', id)
  if (expected !== null) q = q.where('revision', '=', expected)
  return Number((await q.executeTakeFirst()).numUpdatedRows)
}

/**
 * The columns list replaces the stored one. A column sent back with the id it was read with keeps that id
 * (so GET then PUT changes nothing); columns without a known id get new ids; stored columns not in the
 * list are removed.
 */
export async function replaceColumns(trx: Transaction<RegistryDb>, formatId: number, input: ImportFormatInput): Promise<void> {
  const stored = new Set((await trx.selectFrom('import_format_columns').select('id').where('import_format_id', '=', formatId).execute()).map((r) => r.id))
  const kept = new Set<number>()
  for (const c of input.columns) if (c.id !== undefined && stored.has(c.id)) kept.add(c.id)
  let q = trx.deleteFrom('import_format_columns').where('import_format_id', '=', formatId)
  if (kept.size) q = q.where('id', 'not in', [...kept])
  await q.execute()
  const claimed = new Set<number>()
  for (const [position, c] of input.columns.entries()) {
    const values = {
      import_format_id: formatId, position, name: c.name, linkage_field: c.linkageField, column_index: c.index ?? null,
      start_position: c.startPosition ?? null, end_position: c.endPosition ?? null, format: c.format ?? null,
    }
    if (c.id !== undefined && kept.has(c.id) && !claimed.has(c.id)) {
      claimed.add(c.id)
      await trx.updateTable('import_format_columns').set(values).where('id', '=', c.id).execute()
    } else {
      await trx.insertInto('import_format_columns').values(values).execute()
    }
  }
}

/** Whether a data source of an event type not marked for deletion uses the format. */
export async function usedByActiveEventType(db: Db, formatId: number): Promise<boolean> {
  const row = await db.selectFrom('data_sources').innerJoin('event_types', 'event_types.id', 'data_sources.event_type_id')
    .select('data_sources.id').where('data_sources.import_format_id', '=', formatId).where('event_types.marked_for_deletion', '=', false)
    .limit(1).executeTakeFirst()
  return row !== undefined
}

/**
 * Deletes the format. Data sources of event types already marked for deletion that still point at it go too:
 * their event type is about to disappear and a source without a format could not be read anyway.
 */
export async function deleteImportFormat(trx: Transaction<RegistryDb>, formatId: number): Promise<boolean> {
  await trx.deleteFrom('data_sources').where('import_format_id', '=', formatId)
    .where('event_type_id', 'in', trx.selectFrom('event_types').select('id').where('marked_for_deletion', '=', true)).execute()
  const res = await trx.deleteFrom('import_formats').where('id', '=', formatId).executeTakeFirst()
  return Number(res.numDeletedRows) > 0
}
