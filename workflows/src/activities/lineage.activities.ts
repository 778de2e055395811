import { heartbeat } from '@temporalio/activity'
import { KEY_LINEAGE_BATCH_MAX } from '@ligature/contracts/internal'
import type pg from 'pg'
import type { ConfigClient } from '../clients/config-client.js'
import type { ResultsClient } from '../clients/results-client.js'
import { markPublished, unpublishedMoves } from '../records/key-lineage.js'
import { ensureRecordStore } from '../records/record-schema.js'
import { withClient } from '../records/with-client.js'

export interface LineageDeps { config: ConfigClient; results: ResultsClient; pool: pg.Pool }

/** Key lineage leaves the record store only through here: the results service serves it (GET /projects/{id}/keylineage). */
export function lineageActivities({ config, results, pool }: LineageDeps) {
  return {
    /**
     * Sends every move the results service has not yet stored, new and undone, in batches, flagging each batch
     * once stored. Safe to repeat: a batch sent again (a retry after the call succeeded but the flag was not
     * written) updates the same rows. Nothing to send for a project without moves, or one deleted meanwhile.
     */
    async publishKeyLineage(input: { projectCode: string }): Promise<{ published: number }> {
      const project = await config.projectByCode(input.projectCode)
      if (!project) return { published: 0 }
      return withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, project.id)
        let published = 0
        for (;;) {
          const moves = await unpublishedMoves(client, schema, KEY_LINEAGE_BATCH_MAX)
          if (moves.length === 0) return { published }
          await results.publishKeyLineage({ projectCode: project.code, moves })
          await markPublished(client, schema, moves)
          published += moves.length
          heartbeat(published)
        }
      })
    },
  }
}
