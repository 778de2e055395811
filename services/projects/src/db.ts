import type { ColumnType, Generated, Selectable } from 'kysely'
import type { OutboxTable } from '@ligature/service-kit'

/** Members and links are small lists always read and written with their project: kept as jsonb. */
export interface MemberJson { eventTypeId: number; code: string }
export interface ProjectLinkJson { projectId: number; eventTypeMembers: MemberJson[] }

export interface ProjectsTable {
  id: Generated<number>
  code: string
  name: string
  description: string
  notification_email: string | null
  is_active: boolean
  group_strategy: string
  event_type_members: MemberJson[]
  project_links: ProjectLinkJson[]
  log_type: Generated<number>
  revision: Generated<number>
  last_modified: Generated<Date>
}

export interface LinkageFieldsTable {
  project_id: number
  position: number
  name: string
  display_name: string
  max_length: number
  can_specify_format: boolean
  format_hint: string | null
}

export interface BlockingFieldJson { matchProviderFieldName: string; matchEmpty: boolean }
export interface MatchingFieldJson {
  matchProviderFieldName: string
  comparisonTypeName: string
  comparisonTypeProperties: { name: string; value: string }[]
  matchProbability: number
  nonMatchProbability: number
  agreementWeight: number | null
  disagreementWeight: number | null
  weightCurveCode: string | null
  /** Beyond the spec (issue 16); absent on fields stored before levels existed. */
  levels?: MatchingLevelJson[]
  termFrequencyAdjustment?: boolean
}

export interface MatchingLevelJson {
  comparisonTypeName: string
  comparisonTypeProperties: { name: string; value: string }[]
  matchProbability: number
  nonMatchProbability: number
  agreementWeight: number | null
}

export interface MatchStrategiesTable {
  id: Generated<number>
  project_id: number
  name: string
  order: number
  threshold: number
  is_active: boolean
  blocking_fields: BlockingFieldJson[]
  matching_fields: MatchingFieldJson[]
  revision: Generated<number>
  last_modified: Generated<Date>
}

export interface WeightCurvesTable {
  id: Generated<number>
  project_id: number
  code: string
  name: string
  decimal_scale: number
  points: { distance: number; weightProportion: number }[]
  revision: Generated<number>
  last_modified: Generated<Date>
}

export interface ExtractionProjectsTable {
  id: string
  project_id: number
  code: string
  description: string
  use_enduring_linkage_keys: boolean
  revision: Generated<number>
  last_modified: Generated<Date>
  created_at: Generated<Date>
  /** The masking key (16 random bytes, hex) sealed with LIGATURE_SECRETS_KEY; never leaves the service in clear except to the worker. */
  masking_key_sealed: string | null
}

export interface ExtractionSettingsTable {
  project_id: number
  columns: ColumnType<{ column: string; name: string }[], string, string>
  delimiter: string
  revision: Generated<number>
  last_modified: Generated<Date>
}

/** One row per month: the last extraction project sequence number handed out in it. */
export interface ExtractionIdCountersTable { month: string; last_sequence: number }

export interface ProjectsDb extends OutboxTable {
  projects: ProjectsTable
  linkage_fields: LinkageFieldsTable
  match_strategies: MatchStrategiesTable
  weight_curves: WeightCurvesTable
  extraction_projects: ExtractionProjectsTable
  extraction_id_counters: ExtractionIdCountersTable
  extraction_settings: ExtractionSettingsTable
}

export type ProjectRow = Selectable<ProjectsTable>
export type StrategyRow = Selectable<MatchStrategiesTable>
export type WeightCurveRow = Selectable<WeightCurvesTable>
export type ExtractionProjectRow = Selectable<ExtractionProjectsTable>
export const PROJECTS_SCHEMA = 'projects'
