import type { Kysely, Transaction } from 'kysely'
import { pageWithTotal, type Page } from '@ligature/service-kit'
import type { ExtractionRow, ResultsDb } from '../db.js'

type Db = Kysely<ResultsDb> | Transaction<ResultsDb>

export interface ExtractionFilter { codes: string[] | null; extractionProjectId?: string; envelopeName?: string }

function filtered(db: Db, f: ExtractionFilter) {
  let q = db.selectFrom('extractions')
  if (f.codes) q = q.where('project_code', 'in', f.codes)
  if (f.extractionProjectId !== undefined) q = q.where('extraction_project_id', '=', f.extractionProjectId)
  if (f.envelopeName !== undefined) q = q.where('envelope_name', '=', f.envelopeName)
  return q
}

/** Newest first, like the other lists of things that happen. */
export async function listExtractions(db: Db, page: Page, f: ExtractionFilter) {
  const q = filtered(db, f)
  return pageWithTotal(q, (f) => f.selectAll().orderBy('id', 'desc'), page)
}

export const findExtraction = (db: Db, id: number, codes: string[] | null): Promise<ExtractionRow | undefined> =>
  filtered(db, { codes }).selectAll().where('id', '=', id).executeTakeFirst()

export interface NewExtraction {
  extraction_project_id: string; project_code: string; event_type_code: string; requested_by: string
  envelope_name?: string | null; workflow_id?: number | null; ids_folder?: string | null; ids_file_name?: string | null
}

export const insertExtraction = (db: Db, e: NewExtraction) =>
  db.insertInto('extractions').values({ call_status: 1, ...e }).returningAll().executeTakeFirstOrThrow()

/** The extraction an envelope (for one of its files) or a bulk load (for one event type) already made. */
export function findSameRun(db: Db, r: { envelopeName?: string; workflowId?: number; eventTypeCode: string; idsFile?: { fileName: string } }) {
  if (r.envelopeName === undefined && r.workflowId === undefined) return Promise.resolve(undefined)
  let q = db.selectFrom('extractions').selectAll().where('event_type_code', '=', r.eventTypeCode)
  q = r.envelopeName !== undefined ? q.where('envelope_name', '=', r.envelopeName) : q.where('workflow_id', '=', r.workflowId!)
  if (r.idsFile) q = q.where('ids_file_name', '=', r.idsFile.fileName)
  return q.orderBy('id').executeTakeFirst()
}
