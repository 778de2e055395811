import type { Kysely } from 'kysely'
import { isAdmin, type Principal } from '@ligature/service-kit'
import type { RegistryDb } from './db.js'

/**
 * Which registry items a caller may see: those linked, through event-type membership, to a project in the
 * token's scope. Membership is a projection of the projects service's events (project_members table).
 * Providers are visible through their event types, import formats through the data sources of those.
 */
export function createScope(db: Kysely<RegistryDb>) {
  const inScope = (p: Principal) => (p.projects.length ? p.projects : [''])
  const memberEventTypeIds = async (p: Principal) =>
    (await db.selectFrom('project_members').select('event_type_id').distinct().where('project_code', 'in', inScope(p)).execute())
      .map((r) => r.event_type_id)

  return {
    async visibleProviderIds(p: Principal): Promise<number[]> {
      const rows = await db.selectFrom('project_members').innerJoin('event_types', 'event_types.id', 'project_members.event_type_id')
        .select('event_types.data_provider_id').distinct()
        .where('project_members.project_code', 'in', inScope(p)).execute()
      return rows.map((r) => r.data_provider_id)
    },
    async canSeeProvider(p: Principal, id: number) {
      return isAdmin(p) || (await this.visibleProviderIds(p)).includes(id)
    },
    memberEventTypeIds,
    async canSeeEventType(p: Principal, id: number) {
      return isAdmin(p) || (await memberEventTypeIds(p)).includes(id)
    },
    async visibleImportFormatIds(p: Principal): Promise<number[]> {
      const rows = await db.selectFrom('project_members').innerJoin('data_sources', 'data_sources.event_type_id', 'project_members.event_type_id')
        .select('data_sources.import_format_id').distinct()
        .where('project_members.project_code', 'in', inScope(p)).execute()
      return rows.map((r) => r.import_format_id)
    },
    async canSeeImportFormat(p: Principal, id: number) {
      return isAdmin(p) || (await this.visibleImportFormatIds(p)).includes(id)
    },
  }
}
export type Scope = ReturnType<typeof createScope>
