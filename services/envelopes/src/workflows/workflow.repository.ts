import type { Kysely, Transaction } from 'kysely'
import { pageWithTotal, isAdmin, type Page, type Principal } from '@ligature/service-kit'
import type { EnvelopesDb, WorkflowRow } from '../db.js'
import { scopeCodes } from '../scope.js'

type Db = Kysely<EnvelopesDb> | Transaction<EnvelopesDb>

const visible = (db: Db, p: Principal) => {
  const q = db.selectFrom('workflows')
  return isAdmin(p) ? q : q.where('project_code', 'in', scopeCodes(p))
}

export async function listWorkflows(db: Db, p: Principal, page: Page) {
  const q = visible(db, p)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
}

export const findVisibleWorkflow = (db: Db, p: Principal, id: number): Promise<WorkflowRow | undefined> =>
  visible(db, p).selectAll().where('id', '=', id).executeTakeFirst()

export const insertWorkflow = (db: Db, w: { projectCode: string; name: string; extractionProjectId: string | null; status: number }) =>
  db.insertInto('workflows').values({
    project_code: w.projectCode, name: w.name, extraction_project_id: w.extractionProjectId, status: w.status,
    processing_start: null, processing_finish: null,
  }).returningAll().executeTakeFirstOrThrow()
