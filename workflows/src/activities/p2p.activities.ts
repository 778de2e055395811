import { ApplicationFailure, heartbeat } from '@temporalio/activity'
import type pg from 'pg'
import { activeStrategies, type NeighbourhoodRule } from '@ligature/engine'
import type { ConfigClient } from '../clients/config-client.js'
import { strategiesFromMatchConfig } from '../pipeline/match-config.js'
import { linkAgainstReference, type ReferenceLinkOutcome } from '../p2p/reference-link.js'
import { ensureRecordStore, projectSchema } from '../records/record-schema.js'

export interface P2pDeps { config: ConfigClient; pool: pg.Pool; neighbourhood?: NeighbourhoodRule }

/** What a calling project links against: its reference project and the reference event types compared. */
export interface ReferenceLinkPlan { referenceProjectId: number; referenceProjectCode: string; eventTypeIds: number[] }

/** A refusal that a retry cannot change (configuration): final. */
const refused = (message: string) => ApplicationFailure.nonRetryable(message, 'ReferenceLinkRefused')

/** Project-to-project linkage (DECISIONS.md "Project-to-project linkage"). */
export function p2pActivities({ config, pool, neighbourhood }: P2pDeps) {
  return {
    /** The project's reference project, or null when it is not a calling project. Refuses a chained link. */
    async referenceLinkPlan(projectId: number): Promise<ReferenceLinkPlan | null> {
      const project = await config.projectById(projectId)
      const link = project?.projectLinks?.[0]
      if (!link) return null
      const reference = await config.projectById(link.projectId)
      if (!reference) throw refused(`The reference project ${link.projectId} no longer exists.`)
      // The projects service refuses chains when links are set; a chain made some other way is refused here too.
      if ((reference.projectLinks ?? []).length > 0) throw refused(`The reference project ${reference.code} is itself a calling project; project-to-project links do not chain.`)
      return { referenceProjectId: reference.id, referenceProjectCode: reference.code, eventTypeIds: link.eventTypeMembers.map((m) => m.eventTypeId) }
    },

    async linkToReference(input: ReferenceLinkPlan & { projectId: number; linkageId: number }): Promise<ReferenceLinkOutcome> {
      const strategies = activeStrategies(strategiesFromMatchConfig(await config.matchConfig(input.projectId), neighbourhood))
      const timer = setInterval(() => heartbeat(), 5_000)
      const client = await pool.connect()
      const referenceClient = await pool.connect()
      try {
        const schema = await ensureRecordStore(client, input.projectId)
        // Never ensureRecordStore on the reference: that could alter its tables. It is only read.
        return await linkAgainstReference(client, referenceClient, {
          schema, referenceSchema: projectSchema(input.referenceProjectId), referenceProjectId: input.referenceProjectId,
          eventTypeIds: input.eventTypeIds, strategies, linkageId: input.linkageId,
        })
      } finally {
        clearInterval(timer)
        client.release()
        referenceClient.release()
      }
    },
  }
}
