import type { Kysely } from 'kysely'
import type { Result } from '@ligature/contracts'
import { apiError, notFound, type Page, type Principal } from '@ligature/service-kit'
import type { ResultRow, ResultsDb } from '../db.js'
import { visibleCodes } from '../scope.js'
import * as repo from './result.repository.js'
import type { ResultStore } from './result-store.js'

export const toResult = (r: ResultRow): Result => ({
  id: r.id, extractionId: r.extraction_id, name: r.name, sender: r.sender, canDownload: r.deleted_at === null,
})


export function createResultService(db: Kysely<ResultsDb>, store: ResultStore) {
  const visible = async (p: Principal, id: number) => {
    const row = await repo.findResult(db, id, visibleCodes(p))
    if (!row) throw notFound('Result')
    return row
  }
  return {
    async list(p: Principal, page: Page, extractionId?: number) {
      const { rows, total } = await repo.listResults(db, page, visibleCodes(p), extractionId)
      return { items: rows.map(toResult), total }
    },
    get: async (p: Principal, id: number) => toResult(await visible(p, id)),
    /** The row stays (the history of what was extracted); the file goes. A second delete is the spec's 304. */
    async remove(p: Principal, id: number): Promise<void> {
      const row = await visible(p, id)
      if (!await repo.markDeleted(db, row.id, p.tokenId)) throw apiError('resultAlreadyDeleted')
      await store.remove(row.file_name)
    },
    async open(p: Principal, id: number) {
      const row = await visible(p, id)
      // The file is gone on purpose, which is not "not found" (DECISIONS.md): 410 with the catalogue message.
      if (row.deleted_at !== null) throw apiError('resultDeleted')
      return { row, stream: store.read(row.file_name) }
    },
  }
}
export type ResultService = ReturnType<typeof createResultService>
