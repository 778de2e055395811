import type { Transaction } from 'kysely'
import { DEFAULT_LINKAGE_FIELDS, DEFAULT_MATCH_STRATEGIES, DEFAULT_WEIGHT_CURVES } from '@ligature/contracts'
import type { ProjectsDb } from '../db.js'
import { toMatchingFieldJson } from '../match-config/strategy.mapper.js'

/** Copies the system defaults (contracts/src/defaults.ts) into a new project, in its create transaction. */
export async function seedProjectDefaults(trx: Transaction<ProjectsDb>, projectId: number): Promise<void> {
  await trx.insertInto('linkage_fields').values(DEFAULT_LINKAGE_FIELDS.map((f, position) => ({
    project_id: projectId, position, name: f.name, display_name: f.displayName, max_length: f.maxLength,
    can_specify_format: f.canSpecifyFormat, format_hint: f.formatHint,
  }))).execute()
  await trx.insertInto('weight_curves').values(DEFAULT_WEIGHT_CURVES.map((c) => ({
    project_id: projectId, code: c.code, name: c.name, decimal_scale: c.decimalScale, points: JSON.stringify(c.points) as never,
  }))).execute()
  await trx.insertInto('match_strategies').values(DEFAULT_MATCH_STRATEGIES.map((s) => ({
    project_id: projectId, name: s.name, order: s.order, threshold: s.threshold, is_active: s.isActive,
    blocking_fields: JSON.stringify(s.blockingFields) as never,
    matching_fields: JSON.stringify(s.matchingFields.map((f) => toMatchingFieldJson(f))) as never,
  }))).execute()
}
