import { mkdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type pg from 'pg'
import { ApplicationFailure } from '@temporalio/activity'
import { CLERICAL_FILE_MAX_CHARS, ResultsInternal, type ClericalReviewInput } from '@ligature/contracts/internal'
import type { ClericalReviewSummary } from '@ligature/engine'
import type { ConfigClient } from '../clients/config-client.js'
import { internalClient, type ServiceClient } from '../clients/service-client.js'
import { safeInside } from '../extraction/safe-path.js'
import type { Manifest } from '../loading/envelope/manifest.js'
import { ensureRecordStore } from '../records/record-schema.js'
import { withClient } from '../records/with-client.js'
import { applyQualityReview, type ReviewOutcome } from '../review/apply-review.js'
import { parseReviewFile } from '../review/review-file.js'
import { clericalMessage, writeClericalReview } from '../review/clerical-review.js'

export interface ReviewDeps { config: ConfigClient; pool: pg.Pool; dataDir: string; results: ServiceClient }

/** What a quality-review envelope needs from the configuration; the rows name their own event types. */
export interface ReviewPlan { projectId: number; projectCode: string; projectName: string; eventTypes: [string, number][]; files: string[] }

/** The linkage report's clerical figures (summary) and the notification to send (none when nothing was listed). */
export interface ClericalOutcome { summary: ClericalReviewSummary; message: string; attachment: { filename: string; path: string } | null }
const NOTHING_LISTED = { summary: { pairs: 0, pairsLinked: 0, flaggedGroups: 0, records: 0, clericalReviewId: null } } as const

/** A review file larger than this is refused: the file is read whole (reviews name records one by one). */
const MAX_REVIEW_BYTES = 64 * 1024 * 1024

/** Quality-review envelopes (SubmitQualityReview, SubmitBatchQualityReview). */
export function reviewActivities({ config, pool, dataDir, results }: ReviewDeps) {
  return {
    async planQualityReview(manifest: Pick<Manifest, 'linkageProject' | 'dataFiles'>): Promise<ReviewPlan> {
      const project = await config.projectByCode(manifest.linkageProject)
      if (!project) throw ApplicationFailure.nonRetryable(`The envelope does not match the configuration: Linkage project "${manifest.linkageProject}" does not exist.`, 'EnvelopeRejected')
      return {
        projectId: project.id, projectCode: project.code, projectName: project.name,
        eventTypes: project.eventTypeMembers.map((m) => [m.code, m.eventTypeId]), files: manifest.dataFiles.map((f) => f.fileName),
      }
    },

    async applyQualityReviewFile(input: { plan: ReviewPlan; folder: string; fileName: string; source: string }): Promise<ReviewOutcome> {
      const path = safeInside(dataDir, join(input.folder, input.fileName))
      const bytes = await readFile(path)
      if (bytes.length > MAX_REVIEW_BYTES) throw ApplicationFailure.nonRetryable(`${input.fileName} is larger than ${MAX_REVIEW_BYTES / 1024 / 1024} MiB; split the review over several files.`, 'EnvelopeRejected')
      const parsed = parseReviewFile(bytes.toString('utf8'), input.plan.projectCode, new Map(input.plan.eventTypes))
      return withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, input.plan.projectId)
        return applyQualityReview(client, { schema, source: input.source, parsed })
      })
    },

    /**
     * The linkage's pairs for clerical review (clerical-review.ts) as a ready-to-edit quality-review file in the
     * reports folder, also kept by the results service (GET /clericalreviews); no file when there are none.
     * Safe to repeat: the results service replaces a linkage's list.
     */
    async clericalReview(input: { projectId: number; linkageId: number; envelopeName: string }): Promise<ClericalOutcome> {
      const project = await config.projectById(input.projectId)
      if (!project) return { ...NOTHING_LISTED, message: '', attachment: null }
      const strategies = (await config.matchConfig(input.projectId)).strategies.filter((s) => s.isActive)
      const authoritative: number[] = []
      for (const m of project.eventTypeMembers) if ((await config.eventType(m.eventTypeId))?.isAuthoritative) authoritative.push(m.eventTypeId)
      const band = { linkageId: input.linkageId, thresholds: strategies.map((s) => ({ name: s.name, threshold: s.threshold })) }
      const dir = resolve(dataDir, 'reports')
      const filename = `${input.envelopeName}-clerical-review.csv`
      const path = safeInside(dir, filename)
      const listed = await withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, input.projectId)
        await mkdir(dir, { recursive: true })
        const eventTypeCodeOf = new Map(project.eventTypeMembers.map((m) => [m.eventTypeId, m.code]))
        return writeClericalReview(client, schema, band, authoritative, { path, projectCode: project.code, eventTypeCodeOf })
      })
      if (!listed) return { ...NOTHING_LISTED, message: '', attachment: null }
      const { counts, records, chars } = listed
      // A list past the service's limit stays only in the notification, and is not read back: the linkage is never failed for it.
      const content = chars <= CLERICAL_FILE_MAX_CHARS ? await readFile(path, 'utf8') : null
      const upload = (text: string): ClericalReviewInput => ({
        projectCode: project.code, envelopeName: input.envelopeName, linkageId: input.linkageId, ...counts, records,
        // The download's name; a header value, so only characters that need no quoting.
        fileName: filename.replace(/[^A-Za-z0-9._-]/g, '_'), content: text,
      })
      const stored = content === null ? null : await internalClient(results)(ResultsInternal.createClericalReview, { body: upload(content) })
      return {
        summary: { ...counts, records, clericalReviewId: stored?.id ?? null },
        message: clericalMessage(counts, records), attachment: { filename, path },
      }
    },
  }
}
