import { sql, type Kysely, type Transaction } from 'kysely'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { ExtractionProjectRow, ProjectsDb } from '../db.js'

type Db = Kysely<ProjectsDb> | Transaction<ProjectsDb>

/** `E` + yyyy + MM + the month's sequence, at least 4 digits (a 10,000th project in a month gets 5). */
export const formatExtractionProjectId = (month: string, sequence: number) => `E${month}${String(sequence).padStart(4, '0')}`
export const monthOf = (d: Date) => `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`

/**
 * The next sequence number of `month`. The upsert locks the month's counter row until the transaction ends,
 * so concurrent creates are numbered one after another and a rolled-back create gives its number back.
 */
export async function nextSequence(trx: Transaction<ProjectsDb>, month: string): Promise<number> {
  const row = await trx.insertInto('extraction_id_counters').values({ month, last_sequence: 1 })
    .onConflict((oc) => oc.column('month').doUpdateSet({ last_sequence: sql`extraction_id_counters.last_sequence + 1` }))
    .returning('last_sequence').executeTakeFirstOrThrow()
  return row.last_sequence
}

/** `projectIds` is null for callers who see every project. */
export async function listExtractionProjects(db: Db, page: Page, filter: { projectIds: number[] | null; projectId?: number }) {
  let q = db.selectFrom('extraction_projects')
  if (filter.projectIds) q = q.where('project_id', 'in', filter.projectIds.length ? filter.projectIds : [-1])
  if (filter.projectId !== undefined) q = q.where('project_id', '=', filter.projectId)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
}

export const findExtractionProject = (db: Db, id: string): Promise<ExtractionProjectRow | undefined> =>
  db.selectFrom('extraction_projects').selectAll().where('id', '=', id).executeTakeFirst()

export const insertExtractionProject = (db: Db, row: Omit<ExtractionProjectRow, 'revision' | 'last_modified' | 'created_at'>) =>
  db.insertInto('extraction_projects').values(row).returningAll().executeTakeFirstOrThrow()

export const projectIdsWithCodes = async (db: Db, codes: string[]) =>
  codes.length === 0 ? [] : (await db.selectFrom('projects').select('id').where('code', 'in', codes).execute()).map((r) => r.id)

/** Gives a project created before masking keys existed its key, once: a concurrent caller's key wins. */
export async function ensureMaskingKey(db: Db, id: string, sealed: string): Promise<string> {
  await db.updateTable('extraction_projects').set({ masking_key_sealed: sealed }).where('id', '=', id).where('masking_key_sealed', 'is', null).execute()
  const row = await db.selectFrom('extraction_projects').select('masking_key_sealed').where('id', '=', id).executeTakeFirstOrThrow()
  return row.masking_key_sealed!
}
