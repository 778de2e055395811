import type { ColumnType, Generated, Selectable } from 'kysely'
import type { OutboxTable } from '@ligature/service-kit'

export interface EnvelopesTable {
  name: string
  display_name: string
  status: number
  type: number
  project_code: string | null
  sender: string | null
  size_bytes: number
  uploaded_by: string
  inbox_path: string
  received_at: Generated<Date>
  created_date: Date | null
  last_modified: Generated<Date>
}
export interface NotificationsTable {
  id: Generated<number>
  envelope_name: string | null
  project_code: string | null
  log_level: string
  message: string
  attachment_filename: string | null
  attachment_path: string | null
  created_on: Generated<Date>
  /** The worker's name for the call that wrote it (unique when set), so a repeated call finds it. */
  request_key: string | null
}
export interface JobStat { name: string; value: string }
export type JobState = 'Queued' | 'Processing' | 'Complete' | 'Failed' | 'Cancelled'
export interface JobsTable {
  id: Generated<number>
  name: string
  state: JobState
  processing_start: Date | null
  processing_finish: Date | null
  project_id: number | null
  project_code: string | null
  project_name: string | null
  data_provider_id: number | null
  data_provider_name: string | null
  event_type_id: number | null
  envelope_name: string | null
  linkage_id: number | null
  workflow_id: number | null
  /** Written as a JSON string, read back parsed by pg. */
  stats: ColumnType<JobStat[], string, string>
  /** The worker's name for the call that started the job (unique when set), so a repeated start finds it. */
  request_key: string | null
}
export interface LinkageSourceValue { eventTypeCode: string; dataSourceCode: string }
export interface LinkagesTable {
  id: Generated<number>
  project_code: string
  name: string
  status: number
  linkage_sources: ColumnType<LinkageSourceValue[], string, string>
  envelope_name: string | null
  workflow_id: number | null
  created_date_time: Generated<Date>
}
export interface WorkflowsTable {
  id: Generated<number>
  project_code: string
  name: string
  extraction_project_id: string | null
  initiated_on: Generated<Date>
  processing_start: Date | null
  processing_finish: Date | null
  status: number
}
export interface RecordDestructionsTable {
  workflow_id: number
  project_code: string
  requested_by: string
  reason: string
  envelope_name: string | null
  event_type_code: string | null
  source_unique_id_count: number | null
  requested_on: Generated<Date>
}
export interface EnvelopesDb extends OutboxTable {
  envelopes: EnvelopesTable
  notifications: NotificationsTable
  jobs: JobsTable
  linkages: LinkagesTable
  workflows: WorkflowsTable
  record_destructions: RecordDestructionsTable
}
export type EnvelopeRow = Selectable<EnvelopesTable>
export type NotificationRow = Selectable<NotificationsTable>
export type JobRow = Selectable<JobsTable>
export type LinkageRow = Selectable<LinkagesTable>
export type WorkflowRow = Selectable<WorkflowsTable>
export const ENVELOPES_SCHEMA = 'envelopes'
