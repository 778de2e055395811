import type { Generated, Selectable } from 'kysely'
import type { OutboxTable } from '@ligature/service-kit'

export interface DataProvidersTable {
  id: Generated<number>
  code: string
  organisation: string
  contact_name: string
  email: string
  phone: string | null
  marked_for_deletion: Generated<boolean>
  revision: Generated<number>
  last_modified: Generated<Date>
}

export interface EventTypesTable {
  id: Generated<number>
  data_provider_id: number
  code: string
  description: string
  is_authoritative: boolean
  category: string
  marked_for_deletion: Generated<boolean>
  revision: Generated<number>
  last_modified: Generated<Date>
}

export interface ProjectMembersTable { project_code: string; event_type_id: number; is_active: Generated<boolean> }
export interface ProjectMemberSyncTable { project_code: string; occurred_at: Date }

export interface ImportFormatsTable {
  id: Generated<number>
  name: string
  column_type: number
  revision: Generated<number>
  last_modified: Generated<Date>
}

export interface ImportFormatColumnsTable {
  id: Generated<number>
  import_format_id: number
  position: number
  name: string
  linkage_field: string
  column_index: number | null
  start_position: number | null
  end_position: number | null
  format: string | null
}

export interface DataSourcesTable {
  id: Generated<number>
  event_type_id: number
  data_source_type: string
  import_format_id: number
  name: string
  code: string | null
}

export interface DataSourceSettingsTable {
  id: Generated<number>
  data_source_id: number
  position: number
  name: string
  data_type: string | null
  /** Clear text, or the sealed form when is_secret. */
  value: string
  is_secret: boolean
}

export interface RegistryDb extends OutboxTable {
  data_providers: DataProvidersTable
  event_types: EventTypesTable
  project_members: ProjectMembersTable
  project_member_sync: ProjectMemberSyncTable
  import_formats: ImportFormatsTable
  import_format_columns: ImportFormatColumnsTable
  data_sources: DataSourcesTable
  data_source_settings: DataSourceSettingsTable
}

export type DataProviderRow = Selectable<DataProvidersTable>
export type EventTypeRow = Selectable<EventTypesTable>
export type ImportFormatRow = Selectable<ImportFormatsTable>
export type ImportFormatColumnRow = Selectable<ImportFormatColumnsTable>
export type DataSourceRow = Selectable<DataSourcesTable>
export type DataSourceSettingRow = Selectable<DataSourceSettingsTable>
export const REGISTRY_SCHEMA = 'registry'
