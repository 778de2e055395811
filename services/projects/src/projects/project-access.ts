import type { Kysely, Transaction } from 'kysely'
import { canSeeProject, notFound, unauthorized, type Principal } from '@ligature/service-kit'
import type { ProjectRow, ProjectsDb } from '../db.js'

type Db = Kysely<ProjectsDb> | Transaction<ProjectsDb>
const MAX_ID = 2147483647

/** `{id}` is a numeric id, or a code when it is not numeric, unless `byCode` makes it always a code. */
export async function findProjectByRef(db: Db, ref: string, byCode = false): Promise<ProjectRow | undefined> {
  if (!byCode && /^\d+$/.test(ref)) {
    const id = Number(ref)
    if (id < 1 || id > MAX_ID) return undefined
    return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst()
  }
  return db.selectFrom('projects').selectAll().where('code', '=', ref).executeTakeFirst()
}

export const findProjectById = (db: Db, id: number) =>
  id >= 1 && id <= MAX_ID ? db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst() : Promise.resolve(undefined)

/**
 * Reads see a project only inside the token's scope; anything else is 404, so a scoped token cannot learn
 * which other projects exist.
 */
export async function readableProject(db: Db, p: Principal, ref: string, byCode = false): Promise<ProjectRow> {
  const row = await findProjectByRef(db, ref, byCode)
  if (!row || !canSeeProject(p, row.code)) throw notFound('Project')
  return row
}

/** Writes need the project in scope: an existing project outside it answers 401, an unknown one 404. */
export async function writableProject(db: Db, p: Principal, ref: string): Promise<ProjectRow> {
  const row = await findProjectByRef(db, ref)
  if (!row) throw notFound('Project')
  if (!canSeeProject(p, row.code)) throw unauthorized()
  return row
}
