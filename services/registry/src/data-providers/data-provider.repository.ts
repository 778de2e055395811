import { sql, type Kysely, type Transaction } from 'kysely'
import type { DataProviderInput } from '@ligature/contracts'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { DataProviderRow, RegistryDb } from '../db.js'

type Db = Kysely<RegistryDb> | Transaction<RegistryDb>

/** `visible` is null for callers who see every provider, else the ids they may see. */
export async function listDataProviders(db: Db, page: Page, visible: number[] | null): Promise<{ rows: DataProviderRow[]; total: number }> {
  let q = db.selectFrom('data_providers')
  if (visible) q = q.where('id', 'in', visible.length ? visible : [-1])
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
}

export const findDataProvider = (db: Db, id: number) =>
  db.selectFrom('data_providers').selectAll().where('id', '=', id).executeTakeFirst()

export const insertDataProvider = (db: Db, input: DataProviderInput) =>
  db.insertInto('data_providers').values({
    code: input.code, organisation: input.organisation, contact_name: input.contactName, email: input.email, phone: input.phone ?? null,
  }).returningAll().executeTakeFirstOrThrow()

/** Updates only when the stored revision is `expected` (or unconditionally when null); returns rows changed. */
export async function updateDataProvider(db: Db, id: number, input: DataProviderInput, expected: number | null): Promise<number> {
  let q = db.updateTable('data_providers').set({
    code: input.code, organisation: input.organisation, contact_name: input.contactName, email: input.email, phone: input.phone ?? null,
    revision: sql`revision + 1`, last_modified: sql`now()`,
  }).where('id', '=', id)
  if (expected !== null) q = q.where('revision', '=', expected)
  const res = await q.executeTakeFirst()
  return Number(res.numUpdatedRows)
}

export const markDataProviderForDeletion = (db: Db, id: number) =>
  db.updateTable('data_providers').set({ marked_for_deletion: true, revision: sql`revision + 1`, last_modified: sql`now()` })
    .where('id', '=', id).returningAll().executeTakeFirst()
