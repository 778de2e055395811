import { sql, type Kysely, type Transaction } from 'kysely'
import type { ProjectInput } from '@ligature/contracts'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { ProjectRow, ProjectsDb } from '../db.js'
import { projectColumns } from './project.mapper.js'

type Db = Kysely<ProjectsDb> | Transaction<ProjectsDb>

/** `visibleCodes` is null for callers who see every project, else the codes they may see. */
export async function listProjects(db: Db, page: Page, visibleCodes: string[] | null): Promise<{ rows: ProjectRow[]; total: number }> {
  let q = db.selectFrom('projects')
  if (visibleCodes) q = q.where('code', 'in', visibleCodes.length ? visibleCodes : [''])
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
}

export const insertProject = (db: Db, input: ProjectInput) =>
  db.insertInto('projects').values(projectColumns(input)).returningAll().executeTakeFirstOrThrow()

/** Updates only when the stored revision is `expected` (or unconditionally when null); returns the new row. */
export async function updateProject(db: Db, id: number, input: ProjectInput, expected: number | null): Promise<ProjectRow | undefined> {
  let q = db.updateTable('projects')
    .set({ ...projectColumns(input), revision: sql`revision + 1`, last_modified: sql`now()` })
    .where('id', '=', id)
  if (expected !== null) q = q.where('revision', '=', expected)
  return q.returningAll().executeTakeFirst()
}

/** Deletes the definition (config rows cascade) only while inactive; the record schema is left alone. */
export const deleteInactiveProject = (db: Db, id: number) =>
  db.deleteFrom('projects').where('id', '=', id).where('is_active', '=', false).returningAll().executeTakeFirst()

/** The physical home of the project's record data, created with the project and kept after deletion. */
export const recordSchemaName = (projectId: number) => `project_${projectId}`
export const createRecordSchema = (db: Db, projectId: number) =>
  sql`create schema if not exists ${sql.id(recordSchemaName(projectId))}`.execute(db)

/** Links and members of the projects among `ids` (the reference projects a body names). */
export async function linkTargets(db: Db, ids: number[]): Promise<Map<number, Pick<ProjectRow, 'id' | 'code' | 'project_links' | 'event_type_members'>>> {
  const wanted = ids.filter((id) => id >= 1 && id <= 2147483647)
  if (wanted.length === 0) return new Map()
  const rows = await db.selectFrom('projects').select(['id', 'code', 'project_links', 'event_type_members']).where('id', 'in', wanted).execute()
  return new Map(rows.map((r) => [r.id, r]))
}

/** Projects that name `projectId` as their reference project (project-to-project linkage). */
export const callingProjectsOf = (db: Db, projectId: number) =>
  db.selectFrom('projects').select(['id', 'code'])
    .where(sql<boolean>`project_links @> ${JSON.stringify([{ projectId }])}::jsonb`).orderBy('id').execute()
