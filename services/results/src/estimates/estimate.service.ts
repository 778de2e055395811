import type { Kysely } from 'kysely'
import type { Estimate, EstimationDocument } from '@ligature/contracts'
import { pageWithTotal, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { EstimateRow, ResultsDb } from '../db.js'
import { visibleCodes } from '../scope.js'

export const toEstimate = (r: EstimateRow): Estimate => ({
  id: r.id, envelopeName: r.envelope_name, projectCode: r.project_code, sender: r.sender,
  createdAt: r.created_at.toISOString(), converged: r.document.converged, iterations: r.document.iterations,
  strategies: r.document.strategies.map((s) => ({ name: s.name, suggestedThreshold: s.suggestedThreshold })),
})

/** Probability estimates, scoped like results: a caller sees those of its token's projects. */
export function createEstimateService(db: Kysely<ResultsDb>) {
  const scoped = (p: Principal) => {
    const codes = visibleCodes(p)
    let q = db.selectFrom('estimates')
    if (codes) q = q.where('project_code', 'in', codes)
    return q
  }
  return {
    async list(p: Principal, page: Page, envelopeName?: string) {
      let q = scoped(p)
      if (envelopeName !== undefined) q = q.where('envelope_name', '=', envelopeName)
      const { rows, total } = await pageWithTotal(q, (f) => f.selectAll().orderBy('id', 'desc'), page)
      return { items: rows.map(toEstimate), total }
    },
    async get(p: Principal, id: number): Promise<EstimateRow> {
      const row = await scoped(p).selectAll().where('id', '=', id).executeTakeFirst()
      if (!row) throw notFound('Estimate')
      return row
    },
    /** The worker's upload: a retry for the same envelope replaces the earlier document. */
    async save(doc: EstimationDocument): Promise<Estimate> {
      const values = { envelope_name: doc.envelopeName, project_code: doc.projectCode, sender: doc.sender, document: JSON.stringify(doc) }
      const row = await db.insertInto('estimates').values(values)
        .onConflict((oc) => oc.column('envelope_name').doUpdateSet({ project_code: values.project_code, sender: values.sender, document: values.document, created_at: new Date() }))
        .returningAll().executeTakeFirstOrThrow()
      return toEstimate(row)
    },
  }
}
export type EstimateService = ReturnType<typeof createEstimateService>
