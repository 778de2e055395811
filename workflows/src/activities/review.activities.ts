import { mkdir, readFile, writeFile } from 'node:fs/promises'
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
import { clericalMessage, clericalPairs, clericalReviewFile, flaggedGroupRecords } from '../review/clerical-review.js'

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
      const { pairs, flagged } = await withClient(pool, async (client) => {
        const schema = await ensureRecordStore(client, input.projectId)
        return {
          pairs: await clericalPairs(client, schema, input.linkageId, strategies.map((s) => ({ name: s.name, threshold: s.threshold }))),
          flagged: await flaggedGroupRecords(client, schema, input.linkageId, authoritative),
        }
      })
      if (pairs.length === 0 && flagged.groups === 0) return { ...NOTHING_LISTED, message: '', attachment: null }
      const file = clericalReviewFile(project.code, pairs, new Map(project.eventTypeMembers.map((m) => [m.eventTypeId, m.code])), flagged.records)
      const dir = resolve(dataDir, 'reports')
      await mkdir(dir, { recursive: true })
      const filename = `${input.envelopeName}-clerical-review.csv`
      await writeFile(join(dir, filename), file.text)
      const upload: ClericalReviewInput = {
        projectCode: project.code, envelopeName: input.envelopeName, linkageId: input.linkageId,
        pairs: pairs.length, pairsLinked: pairs.filter((p) => p.left.key === p.right.key).length, flaggedGroups: flagged.groups, records: file.records,
        // The download's name; a header value, so only characters that need no quoting.
        fileName: filename.replace(/[^A-Za-z0-9._-]/g, '_'), content: file.text,
      }
      // A list past the service's limit stays only in the notification: the linkage is never failed for it.
      const stored = file.text.length <= CLERICAL_FILE_MAX_CHARS ? await internalClient(results)(ResultsInternal.createClericalReview, { body: upload }) : null
      return {
        summary: { pairs: upload.pairs, pairsLinked: upload.pairsLinked, flaggedGroups: upload.flaggedGroups, records: upload.records, clericalReviewId: stored?.id ?? null },
        message: clericalMessage(pairs, flagged.groups, file.records), attachment: { filename, path: join(dir, filename) },
      }
    },
  }
}
