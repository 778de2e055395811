import type { Generated, JSONColumnType, Selectable } from 'kysely'
import type { EstimationDocument } from '@ligature/contracts'
import type { OutboxTable } from '@ligature/service-kit'

export interface ExtractionsTable {
  id: Generated<number>
  extraction_project_id: string
  project_code: string
  event_type_code: string
  /** The call descriptions' reading (1 Pending … 4 Complete); the schema's reading is derived from it. */
  call_status: number
  envelope_name: string | null
  workflow_id: number | null
  /** Extraction envelopes: the worker-side file of Source Unique IDs to extract. */
  ids_folder: string | null
  ids_file_name: string | null
  requested_by: string
  created_date_time: Generated<Date>
  finished_at: Date | null
}
export interface ResultsTable {
  id: Generated<number>
  extraction_id: number
  name: string
  sender: string
  project_code: string
  /** File name on the results volume (never a path: the volume's folder is configuration). */
  file_name: string
  size_bytes: string | number
  created_at: Generated<Date>
  deleted_at: Date | null
  deleted_by: string | null
}
export interface EstimatesTable {
  id: Generated<number>
  envelope_name: string
  project_code: string
  sender: string
  /** The EstimationDocument (contracts/src/entities/estimate.ts). */
  document: JSONColumnType<EstimationDocument>
  created_at: Generated<Date>
}
/** A linkage's clerical-review list (contracts/src/entities/clerical-review.ts); `content` is the CSV file. */
export interface ClericalReviewsTable {
  id: Generated<number>
  project_code: string
  envelope_name: string
  linkage_id: number
  pairs: number
  pairs_linked: number
  flagged_groups: number
  records: number
  file_name: string
  content: string
  created_at: Generated<Date>
}
/** A published key move (contracts/src/entities/key-lineage.ts); keys are the record store's key numbers. */
export interface KeyLineageTable {
  id: Generated<string>
  project_code: string
  revision: number
  changed_at: Date
  from_key: string
  to_key: string | null
  records: number
  key_ended: boolean
  undone_by: number | null
  undone_at: Date | null
  published_at: Generated<Date>
}
export interface ResultsDb extends OutboxTable {
  clerical_reviews: ClericalReviewsTable
  key_lineage: KeyLineageTable
  estimates: EstimatesTable
  extractions: ExtractionsTable
  results: ResultsTable
}
export type ExtractionRow = Selectable<ExtractionsTable>
export type ResultRow = Selectable<ResultsTable>
export const RESULTS_SCHEMA = 'results'
export type EstimateRow = Selectable<EstimatesTable>
export type ClericalReviewRow = Selectable<ClericalReviewsTable>
export type KeyLineageRow = Selectable<KeyLineageTable>
