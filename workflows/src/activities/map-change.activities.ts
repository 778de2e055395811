import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type pg from 'pg'
import { withClient } from '../records/with-client.js'
import type { ConfigClient } from '../clients/config-client.js'
import type { EnvelopesClient, LogLevel } from '../clients/envelopes-client.js'
import type { JobsClient } from '../clients/jobs-client.js'
import { safeInside } from '../extraction/safe-path.js'
import { deleteListedRecords, type DeletionOutcome } from '../records/delete-records.js'
import { ensureRecordStore, projectSchema } from '../records/record-schema.js'
import { recordCachePath } from '../records/record-cache.js'
import { rollbackLastChange, type RollbackOutcome } from '../records/rollback.js'
import { destroyRecordData, type DestructionOutcome, type DestructionSelection } from '../records/destroy-records.js'
import { removeStagedFiles, stagedFiles } from '../loading/envelope/staged-files.js'
import { ApplicationFailure } from '@temporalio/activity'
import { activityRequestKey } from './request-key.js'

/** `tableDir`: where the projects' cached records are (record-cache.ts); a destruction removes its project's. */
export interface MapChangeDeps { config: ConfigClient; jobs: JobsClient; envelopes: EnvelopesClient; pool: pg.Pool; dataDir: string; tableDir: string }


/** Changes of a project's map other than linkages: deletion envelopes, rollbacks and destructions of record data. */
export function mapChangeActivities({ config, jobs, envelopes, pool, dataDir, tableDir }: MapChangeDeps) {
  return {
    async deleteRecordsFromFile(input: { projectId: number; eventTypeId: number; folder: string; fileName: string; source: string }): Promise<DeletionOutcome> {
      return withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, input.projectId)
        return deleteListedRecords(client, { schema, eventTypeId: input.eventTypeId, idsPath: safeInside(dataDir, join(input.folder, input.fileName)), source: input.source })
      })
    },

    async rollbackProject(input: { projectCode: string; workflowId: number; actor: string; reason: string }): Promise<RollbackOutcome & { projectId: number; projectName: string; envelopeName: string | null }> {
      const project = await config.projectByCode(input.projectCode)
      if (!project) throw ApplicationFailure.nonRetryable(`Project ${input.projectCode} no longer exists.`, 'RollbackRefused')
      const outcome = await withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, project.id)
        return rollbackLastChange(client, { schema, source: `rollback:${input.workflowId}`, actor: input.actor, reason: input.reason })
      })
      // Which envelope the undone change came from: a linkage's envelope, or the deletion envelope in its source.
      const fromSource = /^envelope:(.+):\d+$/.exec(outcome.undone?.source ?? '')?.[1] ?? null
      const envelopeName = outcome.undone?.linkageId ? await jobs.linkageEnvelope(outcome.undone.linkageId) : fromSource
      return { ...outcome, projectId: project.id, projectName: project.name, envelopeName }
    },

    /**
     * Blanks the chosen records' identifiers (one transaction; a retry answers the stored outcome), then
     * removes the staged files of every envelope and linkage that supplied them, and of the named envelope.
     */
    async destroyRecordData(input: { projectCode: string; workflowId: number; actor: string; reason: string; envelopeName: string | null; selection: DestructionSelection }):
      Promise<DestructionOutcome & { filesRemoved: number }> {
      const project = await config.projectByCode(input.projectCode)
      if (!project) throw ApplicationFailure.nonRetryable(`Project ${input.projectCode} no longer exists.`, 'DestructionRefused')
      const outcome = await withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, project.id)
        return destroyRecordData(client, { schema, source: `destruction:${input.workflowId}`, actor: input.actor, reason: input.reason, selection: input.selection })
      })
      // The project's cached records may hold the destroyed identifiers (records active when it was made): it goes
      // too, and the next linkage reads from Postgres and makes it again without them. A retry removes nothing more.
      await rm(recordCachePath(tableDir, projectSchema(project.id)), { force: true })
      const names = new Set(input.envelopeName ? [input.envelopeName] : [])
      for (const id of outcome.linkageIds) {
        const name = await jobs.linkageEnvelope(id).catch(() => null)
        if (name) names.add(name)
      }
      const filesRemoved = await removeStagedFiles(await stagedFiles(dataDir, [...names], outcome.linkageIds))
      return { ...outcome, filesRemoved }
    },

    async notifyProjectOrEnvelope(target: { envelopeName: string | null; projectCode: string }, level: LogLevel, message: string): Promise<number | null> {
      if (target.envelopeName) { await envelopes.notify(target.envelopeName, level, message, activityRequestKey()); return null }
      return envelopes.notifyProject(target.projectCode, level, message, activityRequestKey())
    },
  }
}
