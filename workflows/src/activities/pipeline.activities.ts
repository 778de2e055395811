import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { LinkageReport } from '@ligature/engine'
import { ApplicationFailure, heartbeat } from '@temporalio/activity'
import { activityRequestKey } from './request-key.js'
import type pg from 'pg'
import { withClient } from '../records/with-client.js'
import type { Manifest } from '../loading/envelope/manifest.js'
import { EnvelopeRejected } from '../loading/envelope/rejection.js'
import type { ConfigClient } from '../clients/config-client.js'
import type { JobsClient, JobStart, JobState, Stat } from '../clients/jobs-client.js'
import type { EnvelopesClient, LogLevel } from '../clients/envelopes-client.js'
import type { EventType, ImportFormat } from '@ligature/contracts'
import { planEnvelope, type EnvelopePlan, type FilePlan } from '../pipeline/envelope-plan.js'
import { loadFile } from '../pipeline/load-file.js'
import type { FileLoadSummary } from '../pipeline/load-summary.js'
import { ensureRecordStore } from '../records/record-schema.js'

export interface PipelineDeps { config: ConfigClient; jobs: JobsClient; envelopes: EnvelopesClient; pool: pg.Pool; dataDir: string; loadThreads?: number }


/** Activities of the linkage pipeline: plan from configuration, load each file, link, report. */
export function pipelineActivities({ config, jobs, envelopes, pool, dataDir, loadThreads }: PipelineDeps) {
  return {
    async planLinkage(manifest: Pick<Manifest, 'linkageProject' | 'sender' | 'dataFiles'>): Promise<EnvelopePlan> {
      const [project, provider] = await Promise.all([config.projectByCode(manifest.linkageProject), config.dataProviderByCode(manifest.sender)])
      const eventTypes = new Map<string, EventType | null>()
      for (const code of new Set(manifest.dataFiles.map((f) => f.eventTypeCode))) {
        const member = project?.eventTypeMembers.find((m) => m.code === code)
        eventTypes.set(code, member ? await config.eventType(member.eventTypeId) : null)
      }
      const importFormats = new Map<number, ImportFormat | null>()
      for (const et of eventTypes.values()) for (const ds of et?.dataSources ?? []) {
        if (!importFormats.has(ds.importFormatId)) importFormats.set(ds.importFormatId, await config.importFormat(ds.importFormatId))
      }
      const planned = planEnvelope({ manifest, project, provider, eventTypes, importFormats })
      if (!planned.ok) throw ApplicationFailure.nonRetryable(`The envelope does not match the configuration: ${planned.problems.join(' ')}`, 'EnvelopeRejected')
      return planned.plan
    },
    createLinkage: (l: Parameters<JobsClient['createLinkage']>[0]) => jobs.createLinkage(l),
    setLinkageStatus: (id: number, status: number) => jobs.setLinkageStatus(id, status).then(() => undefined),
    setWorkflowStatus: (id: number, status: number) => jobs.setWorkflowStatus(id, status).then(() => undefined),
    getLinkage: async (id: number) => { const l = await jobs.getLinkage(id); return { name: l.name, linkageSources: l.linkageSources } },
    // Keyed by workflow run and activity id, so the same start made again (an activity runs at least once) finds its job.
    startJob: (job: Omit<JobStart, 'requestKey'>) => jobs.startJob({ ...job, ...activityRequestKey() }),
    finishJob: (id: number, state: JobState, stats: Stat[]) => jobs.finishJob(id, state, stats).then(() => undefined),
    async notifyWithAttachment(name: string, level: LogLevel, message: string, attachment: { filename: string; path: string } | null) {
      await envelopes.notify(name, level, message, { ...(attachment ? { attachment } : {}), ...activityRequestKey() })
    },
    /**
     * The linkage report as a JSON attachment: each file's load (rows read, rejected, added, fields blanked), then
     * per-strategy blocking, top blocking values, score histogram and groups.
     */
    async saveLinkageReport(input: { envelopeName: string; report: LinkageReport; loading: FileLoadSummary[] }) {
      const dir = resolve(dataDir, 'reports')
      await mkdir(dir, { recursive: true })
      const filename = `${input.envelopeName}-linkage-report.json`
      const path = join(dir, filename)
      await writeFile(path, JSON.stringify({ loading: input.loading, ...input.report }, null, 2))
      return { filename, path }
    },
    async loadDataFile(input: { envelopeName: string; folder: string; projectId: number; linkageId: number; file: FilePlan }) {
      return withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, input.projectId)
        try {
          return await loadFile(client, {
            folder: input.folder, schema, linkageId: input.linkageId, file: input.file, threads: loadThreads,
            reportDir: resolve(dataDir, 'reports'), reportName: `${input.envelopeName}-${input.file.fileIndex + 1}-invalid-rows.csv`,
          }, (rows) => heartbeat(rows))
        } catch (e) {
          if (e instanceof EnvelopeRejected) throw ApplicationFailure.nonRetryable(e.message, 'EnvelopeRejected')
          throw e
        }
      })
    },
  }
}
