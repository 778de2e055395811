import type pg from 'pg'
import type { ConfigClient } from '../clients/config-client.js'
import { withClient } from '../records/with-client.js'
import { ensureRecordStore, projectSchema } from '../records/record-schema.js'
import { withdrawRecords, withdrawableEventTypes, type WithdrawalOutcome, type WithdrawalSelection } from '../records/withdraw-records.js'

export interface WithdrawalDeps { config: ConfigClient; pool: pg.Pool }

/** A project that holds live records of an event type being withdrawn; code null once the project is deleted. */
export interface Holder { projectId: number; projectCode: string | null; projectName: string | null }

/** Record stores (`project_<id>`) that can hold end-datable records. */
const STORES = `select c.table_schema as schema from information_schema.columns c
  where c.table_name = 'records' and c.table_schema ~ '^project_[0-9]+$' and c.column_name = 'end_dated_revision' order by 1`

/** Withdrawals of whole event types from project maps (records/withdraw-records.ts). */
export function withdrawalActivities({ config, pool }: WithdrawalDeps) {
  return {
    /** The projects whose record store still holds live records of any of the event types. */
    async eventTypeHolders(eventTypeIds: number[]): Promise<Holder[]> {
      const holders: Holder[] = []
      await withClient(pool, async (client) => {
        for (const { schema } of (await client.query<{ schema: string }>(STORES)).rows) {
          if ((await withdrawableEventTypes(client, schema, { eventTypeIds })).length === 0) continue
          const projectId = Number(schema.slice('project_'.length))
          const project = await config.projectById(projectId)
          holders.push({ projectId, projectCode: project?.code ?? null, projectName: project?.name ?? null })
        }
      })
      return holders.sort((a, b) => a.projectId - b.projectId)
    },
    /**
     * The project's current members, read when the caller holds its lock (a members-changed event may be stale),
     * and the event types outside them that still have live records. Null when the project no longer exists.
     */
    async nonMemberRecords(projectCode: string): Promise<{ projectId: number; projectName: string; memberIds: number[]; eventTypeIds: number[] } | null> {
      const project = await config.projectByCode(projectCode)
      if (!project) return null
      const memberIds = project.eventTypeMembers.map((m) => m.eventTypeId)
      // A project that never loaded has no record store: nothing to withdraw, and none is created for it.
      const eventTypeIds = await withClient(pool, async (client) => {
        const schema = projectSchema(project.id)
        const exists = (await client.query<{ t: string | null }>(`select to_regclass($1) as t`, [`${schema}.records`])).rows[0]!.t !== null
        return exists ? withdrawableEventTypes(client, await ensureRecordStore(client, project.id), { keepEventTypeIds: memberIds }) : []
      })
      return { projectId: project.id, projectName: project.name, memberIds, eventTypeIds }
    },
    async withdrawProjectRecords(input: { projectId: number; source: string; actor: string; reason: string; selection: WithdrawalSelection }): Promise<WithdrawalOutcome> {
      return withClient(pool, async (client) => withdrawRecords(client, { ...input, schema: await ensureRecordStore(client, input.projectId) }))
    },
  }
}
