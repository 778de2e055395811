import { ApplicationFailure, heartbeat } from '@temporalio/activity'
import type pg from 'pg'
import { jobStats } from '@ligature/engine'
import type { ConfigClient } from '../clients/config-client.js'
import { groupByJurisdictionalKey } from '../fastload/group-by-key.js'
import { ensureRecordStore } from '../records/record-schema.js'
import { withClient } from '../records/with-client.js'

export interface FastLoadDeps { config: ConfigClient; pool: pg.Pool }

/** Fast load of pre-linked data (DECISIONS.md "Fast load"). */
export function fastLoadActivities({ config, pool }: FastLoadDeps) {
  return {
    /**
     * Before anything is loaded: the project must name no reference project and hold no live records of
     * event types other than the envelope's (empty qualifies). A refusal fails the envelope, nothing loaded.
     */
    async checkFastLoad(input: { projectId: number; eventTypeIds: number[] }): Promise<void> {
      const project = await config.projectById(input.projectId)
      if ((project?.projectLinks ?? []).length > 0) {
        throw ApplicationFailure.nonRetryable(`Fast load refused: project ${project!.code} is a calling project (it names a reference project); load it with SubmitLinkage.`, 'EnvelopeRejected')
      }
      const others = await withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, input.projectId)
        const ids = input.eventTypeIds.map((id) => Math.trunc(id))
        const row = await client.query<{ n: number }>(`select count(*)::int as n from "${schema}".records where end_dated_at is null and not (event_type_id = any($1::int[]))`, [ids])
        return Number(row.rows[0]!.n)
      })
      if (others > 0) {
        throw ApplicationFailure.nonRetryable(`Fast load refused: project ${project?.code ?? input.projectId} holds ${others} records of other event types; a fast load seeds an empty project (or one holding only the envelope's event types). Load it with SubmitLinkage.`, 'EnvelopeRejected')
      }
    },

    /** The Link step of a fast load: group by Jurisdictional Linkage Key, no matching. */
    async fastLoadGroup(input: { projectId: number; linkageId: number }) {
      const timer = setInterval(() => heartbeat(), 5_000)
      try {
        return await withClient(pool, async (client) => {
          const schema = await ensureRecordStore(client, input.projectId)
          const grouped = await groupByJurisdictionalKey(client, schema, input.linkageId)
          const stats = [{ name: 'Records loaded', value: String(grouped.recordsLoaded) },
            { name: 'Jurisdictional keys', value: String(grouped.distinctKeys) },
            { name: 'Records without a key', value: String(grouped.recordsWithoutKey) },
            ...jobStats(grouped.report)]
          return { records: grouped.report.recordsUsed, stats, report: grouped.report }
        })
      } finally {
        clearInterval(timer)
      }
    },
  }
}
