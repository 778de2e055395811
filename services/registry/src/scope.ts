import type { Kysely } from 'kysely'
import { isAdmin, type Principal } from '@ligature/service-kit'
import type { RegistryDb } from './db.js'

/**
 * Which registry items a caller may see: those linked, through event-type membership, to a project in the
 * token's scope. Membership is a projection of the projects service's events (project_members table).
 */
export function createScope(db: Kysely<RegistryDb>) {
  const memberEventTypeIds = async (p: Principal) =>
    (await db.selectFrom('project_members').select('event_type_id').where('project_code', 'in', p.projects.length ? p.projects : ['']).execute())
      .map((r) => r.event_type_id)

  return {
    async visibleProviderIds(p: Principal): Promise<number[]> {
      const rows = await db.selectFrom('project_members').innerJoin('event_types', 'event_types.id', 'project_members.event_type_id')
        .select('event_types.data_provider_id').distinct()
        .where('project_members.project_code', 'in', p.projects.length ? p.projects : ['']).execute()
      return rows.map((r) => r.data_provider_id)
    },
    async canSeeProvider(p: Principal, id: number) {
      return isAdmin(p) || (await this.visibleProviderIds(p)).includes(id)
    },
    memberEventTypeIds,
  }
}
export type Scope = ReturnType<typeof createScope>
