import { join } from 'node:path'
import { ApplicationFailure, heartbeat } from '@temporalio/activity'
import type pg from 'pg'
import type { EventType } from '@ligature/contracts'
import type { InternalExtractionInput } from '@ligature/contracts/internal'
import type { ConfigClient } from '../clients/config-client.js'
import type { EnvelopesClient, LogLevel } from '../clients/envelopes-client.js'
import type { ResultsClient } from '../clients/results-client.js'
import { ServiceCallError } from '../clients/service-client.js'
import { delimiterChar } from '../extraction/csv.js'
import { extractLinkageMap } from '../extraction/extract-map.js'
import { planExtraction, planIdListEnvelope, type IdListEnvelopePlan, type ExtractionPlan } from '../extraction/extraction-plan.js'
import { createKeyMask } from '../extraction/key-mask.js'
import { uploadResult } from '../extraction/upload-result.js'
import type { Manifest } from '../loading/envelope/manifest.js'
import { ensureRecordStore } from '../records/record-schema.js'
import { safeInside } from '../extraction/safe-path.js'
import { activityRequestKey } from './request-key.js'

export interface ExtractionDeps {
  results: ResultsClient; config: ConfigClient; envelopes: EnvelopesClient; pool: pg.Pool
  resultsUrl: string; internalSecret: string; dataDir: string
}

export interface ExtractionOutcome { rows: number; listedIds: number | null; unknownIds: number; unknownSample: string[]; resultId: number; resultName: string }

/** Configuration that cannot be found will not appear on a retry: such failures are final. */
const final = (message: string) => ApplicationFailure.nonRetryable(message, 'ExtractionRefused')

export function extractionActivities({ results, config, envelopes, pool, resultsUrl, internalSecret, dataDir }: ExtractionDeps) {
  return {
    setExtractionStatus: (id: number, callStatus: number) => results.setExtractionStatus(id, callStatus).then(() => undefined),

    /** Extractions of envelopes and bulk loads; a refusal (unknown or foreign extraction project…) is final. */
    async createExtraction(input: InternalExtractionInput): Promise<number> {
      try {
        return (await results.createExtraction(input)).id
      } catch (err) {
        if (err instanceof ServiceCallError && err.status >= 400 && err.status < 500) throw final(err.message.replace(/^.*?answered \d+: /, ''))
        throw err
      }
    },

    async prepareExtraction(id: number): Promise<ExtractionPlan> {
      const job = await results.extraction(id)
      const [ep, project] = await Promise.all([results.extractionProjectKeys(job.extractionProjectId), config.projectByCode(job.projectCode)])
      const member = project?.eventTypeMembers.find((m) => m.code === job.eventTypeCode)
      if (!project || !member) throw final(`Event type ${job.eventTypeCode} is no longer a member of project ${job.projectCode}.`)
      const eventType = await config.eventType(member.eventTypeId)
      const provider = eventType ? await config.dataProvider(eventType.dataProviderId) : null
      if (!eventType || !provider) throw final(`Event type ${job.eventTypeCode} or its data provider no longer exists.`)
      return planExtraction(job, ep, project, eventType, provider)
    },

    async runExtraction(plan: ExtractionPlan): Promise<ExtractionOutcome> {
      // The masking key is fetched here, never passed through workflow history.
      const [ep, settings] = await Promise.all([results.extractionProjectKeys(plan.extractionProjectId), results.extractionSettings(plan.projectId)])
      const client = await pool.connect()
      try { await ensureRecordStore(client, plan.projectId) } finally { client.release() }
      const name = `${plan.extractionProjectId}_${plan.eventTypeCode}_${plan.extractionId}.zip`.replace(/[^A-Za-z0-9._-]/g, '_')
      const outcome = await extractLinkageMap(pool, {
        schema: `project_${plan.projectId}`, eventTypeId: plan.eventTypeId, asOf: plan.asOf,
        idsPath: plan.idsFile ? safeInside(dataDir, join(plan.idsFile.folder, plan.idsFile.fileName)) : null,
        output: {
          columns: settings.columns, delimiter: delimiterChar(settings.delimiter),
          mask: plan.enduring ? null : createKeyMask(Buffer.from(ep.maskingKey, 'hex')),
          constants: { eventTypeCode: plan.eventTypeCode, linkageProjectCode: plan.projectCode, extractionProjectId: plan.extractionProjectId },
        },
        manifest: {
          linkageProject: plan.projectCode, sender: plan.dataProviderCode, eventTypeCode: plan.eventTypeCode, extractionProjectId: plan.extractionProjectId,
          extractionId: plan.extractionId, keyKind: plan.enduring ? 'Enduring' : 'Snapshot', createdAt: new Date().toISOString(),
        },
        upload: (zip) => uploadResult(resultsUrl, internalSecret, plan.extractionId, { name, sender: plan.dataProviderCode }, zip),
        keyLineage: plan.enduring,
        onProgress: (rows) => heartbeat(rows),
      })
      return {
        rows: outcome.rows, listedIds: outcome.listedIds, unknownIds: outcome.unknownIds, unknownSample: outcome.unknownSample,
        resultId: outcome.result.id, resultName: outcome.result.name,
      }
    },

    /** To the envelope when there is one, else to the project (readable by id; the job's stats name it). */
    async notifyExtraction(plan: Pick<ExtractionPlan, 'envelopeName' | 'projectCode'>, level: LogLevel, message: string): Promise<number | null> {
      if (plan.envelopeName) { await envelopes.notify(plan.envelopeName, level, message, activityRequestKey()); return null }
      return envelopes.notifyProject(plan.projectCode, level, message, activityRequestKey())
    },

    /** Extraction and deletion envelopes: data files of Source Unique IDs. */
    async planIdListEnvelope(manifest: Pick<Manifest, 'linkageProject' | 'sender' | 'dataFiles' | 'extractionProject'>, needsExtractionProject: boolean): Promise<IdListEnvelopePlan> {
      const [project, provider] = await Promise.all([config.projectByCode(manifest.linkageProject), config.dataProviderByCode(manifest.sender)])
      const eventTypes = new Map<string, EventType | null>()
      for (const code of new Set(manifest.dataFiles.map((f) => f.eventTypeCode))) {
        const member = project?.eventTypeMembers.find((m) => m.code === code)
        eventTypes.set(code, member ? await config.eventType(member.eventTypeId) : null)
      }
      const planned = planIdListEnvelope(manifest, project, provider, eventTypes, needsExtractionProject)
      if (!planned.ok) throw ApplicationFailure.nonRetryable(`The envelope does not match the configuration: ${planned.problems.join(' ')}`, 'EnvelopeRejected')
      return planned.plan
    },
  }
}
