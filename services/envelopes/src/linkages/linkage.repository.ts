import type { Kysely, Transaction } from 'kysely'
import { pageWithTotal, isAdmin, type Page, type Principal } from '@ligature/service-kit'
import type { EnvelopesDb, LinkageRow, LinkageSourceValue } from '../db.js'
import { scopeCodes } from '../scope.js'

type Db = Kysely<EnvelopesDb> | Transaction<EnvelopesDb>

const visible = (db: Db, p: Principal) => {
  const q = db.selectFrom('linkages')
  return isAdmin(p) ? q : q.where('project_code', 'in', scopeCodes(p))
}

export async function listLinkages(db: Db, p: Principal, page: Page) {
  const q = visible(db, p)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id'), page)
}

export const findVisibleLinkage = (db: Db, p: Principal, id: number): Promise<LinkageRow | undefined> =>
  visible(db, p).selectAll().where('id', '=', id).executeTakeFirst()

export interface NewLinkage {
  projectCode: string; name: string; status: number; linkageSources: LinkageSourceValue[]; envelopeName?: string; workflowId?: number
}

const values = (l: NewLinkage) => ({
  project_code: l.projectCode, name: l.name, status: l.status, linkage_sources: JSON.stringify(l.linkageSources),
  envelope_name: l.envelopeName ?? null, workflow_id: l.workflowId ?? null,
})

export const insertLinkage = (db: Db, l: NewLinkage) => db.insertInto('linkages').values(values(l)).returningAll().executeTakeFirstOrThrow()

/** One linkage per envelope: a repeated call (a retried worker activity) finds the first one's id. */
export async function insertEnvelopeLinkage(db: Db, l: NewLinkage & { envelopeName: string }): Promise<{ id: number; created: boolean }> {
  const inserted = await db.insertInto('linkages').values(values(l))
    .onConflict((oc) => oc.column('envelope_name').doNothing()).returning('id').executeTakeFirst()
  if (inserted) return { id: inserted.id, created: true }
  const existing = await db.selectFrom('linkages').select('id').where('envelope_name', '=', l.envelopeName).executeTakeFirstOrThrow()
  return { id: existing.id, created: false }
}
