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

export interface RegistryDb extends OutboxTable {
  data_providers: DataProvidersTable
  event_types: EventTypesTable
  project_members: ProjectMembersTable
}

export type DataProviderRow = Selectable<DataProvidersTable>
export const REGISTRY_SCHEMA = 'registry'
