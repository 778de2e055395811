import type { Kysely } from 'kysely'
import type { EventData } from '@ligature/contracts'
import type { RegistryDb } from '../db.js'

/**
 * Replaces the projection of one project's members with the event's full list, unless a newer event for the
 * project was applied already (events can be redelivered out of order). Returns whether it was applied.
 */
export async function applyProjectMembers(db: Kysely<RegistryDb>, data: EventData<'projectMembersChanged'>, occurredAt: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('project_member_sync').values({ project_code: data.projectCode, occurred_at: new Date(0) })
      .onConflict((oc) => oc.column('project_code').doNothing()).execute()
    const last = await trx.selectFrom('project_member_sync').select('occurred_at').where('project_code', '=', data.projectCode)
      .forUpdate().executeTakeFirstOrThrow()
    if (last.occurred_at > occurredAt) return false
    await trx.deleteFrom('project_members').where('project_code', '=', data.projectCode).execute()
    const ids = [...new Set(data.eventTypeIds)]
    if (ids.length) {
      await trx.insertInto('project_members')
        .values(ids.map((id) => ({ project_code: data.projectCode, event_type_id: id, is_active: data.isActive }))).execute()
    }
    await trx.updateTable('project_member_sync').set({ occurred_at: occurredAt }).where('project_code', '=', data.projectCode).execute()
    return true
  })
}
