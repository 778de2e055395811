import type { Kysely, Transaction } from 'kysely'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { ResultRow, ResultsDb } from '../db.js'

type Db = Kysely<ResultsDb> | Transaction<ResultsDb>

function filtered(db: Db, codes: string[] | null, extractionId?: number) {
  let q = db.selectFrom('results')
  if (codes) q = q.where('project_code', 'in', codes)
  if (extractionId !== undefined) q = q.where('extraction_id', '=', extractionId)
  return q
}

export async function listResults(db: Db, page: Page, codes: string[] | null, extractionId?: number) {
  const q = filtered(db, codes, extractionId)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id', 'desc'), page)
}

export const findResult = (db: Db, id: number, codes: string[] | null): Promise<ResultRow | undefined> =>
  filtered(db, codes).selectAll().where('id', '=', id).executeTakeFirst()

export interface NewResult { extraction_id: number; name: string; sender: string; project_code: string; file_name: string; size_bytes: number }

/** One result per extraction: a retried upload replaces the earlier file's row (and undeletes it). */
export const upsertResult = (db: Db, r: NewResult) =>
  db.insertInto('results').values(r)
    .onConflict((oc) => oc.column('extraction_id').doUpdateSet({ name: r.name, sender: r.sender, file_name: r.file_name, size_bytes: r.size_bytes, deleted_at: null, deleted_by: null }))
    .returningAll().executeTakeFirstOrThrow()

/** Marks the result deleted; false when it already was (the spec's 304). */
export async function markDeleted(db: Db, id: number, by: string): Promise<boolean> {
  const row = await db.updateTable('results').set({ deleted_at: new Date(), deleted_by: by }).where('id', '=', id).where('deleted_at', 'is', null).returning('id').executeTakeFirst()
  return row !== undefined
}
