import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely'
import { isAdmin, pageWithTotal, type Page, type Principal } from '@ligature/service-kit'
import type { EnvelopeRow, EnvelopesDb } from '../db.js'

type Db = Kysely<EnvelopesDb> | Transaction<EnvelopesDb>

/** A caller sees envelopes of projects in scope, and the envelopes it uploaded itself (before validation). */
const visibleTo = (p: Principal) => (eb: ExpressionBuilder<EnvelopesDb, 'envelopes'>) =>
  eb.or([eb('project_code', 'in', p.projects.length ? p.projects : ['']), eb('uploaded_by', '=', p.tokenId)])

export async function listEnvelopes(db: Db, p: Principal, page: Page, projectCode?: string) {
  let q = db.selectFrom('envelopes')
  if (!isAdmin(p)) q = q.where(visibleTo(p))
  if (projectCode !== undefined) q = q.where('project_code', '=', projectCode)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('received_at', 'desc').orderBy('name'), page)
}

export async function findVisibleEnvelope(db: Db, p: Principal, name: string): Promise<EnvelopeRow | undefined> {
  let q = db.selectFrom('envelopes').selectAll().where('name', '=', name)
  if (!isAdmin(p)) q = q.where(visibleTo(p))
  return q.executeTakeFirst()
}

export const insertEnvelope = (db: Db, row: { name: string; display_name: string; status: number; size_bytes: number; inbox_path: string; uploaded_by: string }) =>
  db.insertInto('envelopes').values({ ...row, type: 0, project_code: null, sender: null, created_date: null }).returningAll().executeTakeFirstOrThrow()

export interface EnvelopeStatePatch { status: number; type?: number; projectCode?: string | null; sender?: string | null }

/** Leaving Pending stamps createdDate (the spec: null while Pending, meaning not yet added). */
export const updateEnvelopeState = (db: Db, name: string, patch: EnvelopeStatePatch) =>
  db.updateTable('envelopes').set({
    status: patch.status,
    ...(patch.type !== undefined ? { type: patch.type } : {}),
    ...(patch.projectCode !== undefined ? { project_code: patch.projectCode } : {}),
    ...(patch.sender !== undefined ? { sender: patch.sender } : {}),
    created_date: sql`coalesce(created_date, case when ${patch.status} <> 1 then now() end)`,
    last_modified: sql`now()`,
  }).where('name', '=', name).returningAll().executeTakeFirst()
