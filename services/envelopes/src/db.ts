import type { Generated, Selectable } from 'kysely'
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
}
export interface EnvelopesDb extends OutboxTable {
  envelopes: EnvelopesTable
  notifications: NotificationsTable
}
export type EnvelopeRow = Selectable<EnvelopesTable>
export type NotificationRow = Selectable<NotificationsTable>
export const ENVELOPES_SCHEMA = 'envelopes'
