import type { Kysely } from 'kysely'
import type { ClericalReview } from '@ligature/contracts'
import type { ClericalReviewInput } from '@ligature/contracts/internal'
import { pageWithTotal, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { ClericalReviewRow, ResultsDb } from '../db.js'
import { visibleCodes } from '../scope.js'

type Summary = Omit<ClericalReviewRow, 'content'>

export const toClericalReview = (r: Summary): ClericalReview => ({
  id: r.id, projectCode: r.project_code, envelopeName: r.envelope_name, linkageId: r.linkage_id,
  pairs: r.pairs, pairsLinked: r.pairs_linked, flaggedGroups: r.flagged_groups, records: r.records,
  fileName: r.file_name, createdAt: r.created_at.toISOString(),
})

/** Every column but the file: lists and gets never read the (possibly large) content. */
const SUMMARY = ['id', 'project_code', 'envelope_name', 'linkage_id', 'pairs', 'pairs_linked', 'flagged_groups', 'records', 'file_name', 'created_at'] as const

export interface ClericalReviewFilter { projectCode?: string | undefined; envelopeName?: string | undefined }

/** Clerical-review lists, scoped like estimates and results: a caller sees those of its token's projects. */
export function createClericalReviewService(db: Kysely<ResultsDb>) {
  const scoped = (p: Principal) => {
    const codes = visibleCodes(p)
    let q = db.selectFrom('clerical_reviews')
    if (codes) q = q.where('project_code', 'in', codes)
    return q
  }
  return {
    async list(p: Principal, page: Page, filter: ClericalReviewFilter) {
      let q = scoped(p)
      if (filter.projectCode !== undefined) q = q.where('project_code', '=', filter.projectCode)
      if (filter.envelopeName !== undefined) q = q.where('envelope_name', '=', filter.envelopeName)
      const { rows, total } = await pageWithTotal(q, (f) => f.select(SUMMARY).orderBy('id', 'desc'), page)
      return { items: rows.map(toClericalReview), total }
    },
    async get(p: Principal, id: number): Promise<ClericalReview> {
      const row = await scoped(p).select(SUMMARY).where('id', '=', id).executeTakeFirst()
      if (!row) throw notFound('Clerical review')
      return toClericalReview(row)
    },
    async file(p: Principal, id: number): Promise<{ fileName: string; content: string }> {
      const row = await scoped(p).select(['file_name', 'content']).where('id', '=', id).executeTakeFirst()
      if (!row) throw notFound('Clerical review')
      return { fileName: row.file_name, content: row.content }
    },
    /** The worker's upload: a retry for the same linkage replaces the earlier list. */
    async save(input: ClericalReviewInput): Promise<ClericalReview> {
      const values = {
        project_code: input.projectCode, envelope_name: input.envelopeName, linkage_id: input.linkageId,
        pairs: input.pairs, pairs_linked: input.pairsLinked, flagged_groups: input.flaggedGroups, records: input.records,
        file_name: input.fileName, content: input.content,
      }
      const { linkage_id: _linkage, ...update } = values
      const row = await db.insertInto('clerical_reviews').values(values)
        .onConflict((oc) => oc.column('linkage_id').doUpdateSet({ ...update, created_at: new Date() }))
        .returning(SUMMARY).executeTakeFirstOrThrow()
      return toClericalReview(row)
    },
  }
}
export type ClericalReviewService = ReturnType<typeof createClericalReviewService>
