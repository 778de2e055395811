import { isCancellation, log, patched, proxyActivities, setCurrentDetails, workflowInfo } from '@temporalio/workflow'
import { LinkageStatus } from '@ligature/contracts/transitions'
import type { createActivities } from '../activities/index.js'
import { withLocalBookkeeping } from './local-bookkeeping.js'
import type { EnvelopePlan } from '../pipeline/envelope-plan.js'
import type { ClericalOutcome } from '../activities/review.activities.js'
import { blankedFieldsMessage, fileLoadSummary, loadStats, rejectedRowsMessage, type FileLoadSummary } from '../pipeline/load-summary.js'
import { linkTaskQueue } from '../task-queues.js'
import { withProjectLock } from './with-project-lock.js'
import { listClericalReview, notifyClericalReview } from './clerical-review.js'
import { linkToReferenceStep } from './reference-link-steps.js'

/** A fast load's Link step: records grouped by Jurisdictional Linkage Key, nothing matched (fastload/). */
export const FAST_LOAD_JOB = 'Group By Jurisdictional Key'

const acts = withLocalBookkeeping({
  startToCloseTimeout: '2 hours',
  // Loads heartbeat every 10,000 rows; a worker that dies mid-load is noticed within 30 s and the file reloaded.
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10, nonRetryableErrorTypes: ['EnvelopeRejected'] },
})
// Link activities beat every 5 s; the engine yields every slice of about two million pairs, so two minutes of silence means a
// dead or hung worker and the activity (a partition, say) moves to another worker. They run on the link
// queue, one at a time per worker process, so the partitions of a linkage spread over the workers.
const linkActivities = () => proxyActivities<ReturnType<typeof createActivities>>({
  taskQueue: linkTaskQueue(workflowInfo().taskQueue),
  startToCloseTimeout: '6 hours',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 5 },
})

/** `envelopeName` is absent for linkages that read their sources themselves: their jobs carry the stats. */
export interface LinkageRun { envelopeName?: string; folder: string; plan: EnvelopePlan; linkageId: number; fastLoad?: boolean }

type Activities = ReturnType<typeof createActivities>
type StrategySpecs = Parameters<Activities['indexForNextLinkage']>[0]['strategies']
/**
 * What a linkage left for after its keys are reported: the strategies whose indexes a first load still needs, and
 * those a split (on-disk) linkage matched with, whose fields the project's cached records carry.
 */
interface Linked { indexFor: StrategySpecs | null; cacheFor: StrategySpecs | null }

/**
 * The linkage of one envelope, holding the project's map lock: each data file loaded as its own job ("Load
 * Linkage Request"), then one "Link" job that blocks, scores, groups and assigns keys over the whole project. Each job's stats are kept.
 * `reported`, when given, runs once the keys are stored (the envelope reported complete), still under the lock,
 * and then a first load readies the next linkage's read (statistics, and the indexes when the record cache will not
 * stand in for them) and the project's records are cached: the keys do not wait for either, and the next linkage,
 * waiting for the lock, finds them. Without it, grouping builds the indexes as it always did.
 */
export function runLinkage(run: LinkageRun, reported?: () => Promise<void>): Promise<void> {
  return withProjectLock(run.plan.projectCode, async () => {
    const linked = await linkageSteps(run, reported !== undefined)
    if (!reported) return
    await reported()
    if (linked.indexFor) await indexForNextLinkage(run.plan.projectId, run.linkageId, linked.indexFor)
    if (linked.cacheFor && patched('refresh-record-cache')) await refreshRecordCache(run.plan.projectId, run.linkageId, linked.cacheFor)
  })
}

/**
 * Never fails the reported linkage either: without the copy, the next linkage reads its records from the database.
 * Under the lock, so no other change to the project's records runs while the copy is read.
 */
async function refreshRecordCache(projectId: number, linkageId: number, strategies: StrategySpecs): Promise<void> {
  setCurrentDetails('Caching the project\'s records for the next linkage')
  try {
    const refreshed = await linkActivities().refreshRecordCache({ projectId, linkageId, strategies })
    log.info('record cache', { projectId, linkageId, written: refreshed.written, reason: refreshed.reason, rows: refreshed.rows, seconds: refreshed.seconds, indexesDropped: refreshed.indexesDropped })
  } catch (err) {
    if (isCancellation(err)) throw err
    log.warn('record cache not refreshed; the next linkage reads its records from the database', { projectId, linkageId })
  }
}

/**
 * Never fails the reported linkage: if this fails for good, the next linkage readies its read itself.
 * A cancelled workflow stays cancelled. `indexSeconds` is null when the record cache stands in for the indexes.
 */
async function indexForNextLinkage(projectId: number, linkageId: number, strategies: StrategySpecs): Promise<void> {
  setCurrentDetails('Readying the next linkage\'s read')
  try {
    const { indexSeconds } = await linkActivities().indexForNextLinkage({ projectId, linkageId, strategies })
    log.info('next linkage\'s read readied', { projectId, linkageId, indexSeconds })
  } catch (err) {
    if (isCancellation(err)) throw err
    log.warn('next linkage\'s read not readied; the next linkage readies it', { projectId, linkageId })
  }
}

async function linkageSteps({ envelopeName, folder, plan, linkageId, fastLoad }: LinkageRun, indexLater: boolean): Promise<Linked> {
  const jobBase = { ...(envelopeName ? { envelopeName } : {}), linkageId, projectId: plan.projectId, projectCode: plan.projectCode, projectName: plan.projectName, dataProviderId: plan.dataProviderId, dataProviderName: plan.dataProviderName }
  await acts.setLinkageStatus(linkageId, LinkageStatus.Processing)
  if (fastLoad) await acts.checkFastLoad({ projectId: plan.projectId, eventTypeIds: plan.files.map((f) => f.eventTypeId) })
  const loading: FileLoadSummary[] = []
  for (const file of plan.files) {
    setCurrentDetails(`Loading ${file.fileName} (${file.eventTypeCode})`)
    const jobId = await acts.startJob({ ...jobBase, name: 'Load Linkage Request', eventTypeId: file.eventTypeId })
    try {
      const loaded = await acts.loadDataFile({ envelopeName: envelopeName ?? `linkage-${linkageId}`, folder, projectId: plan.projectId, linkageId, file })
      await acts.finishJob(jobId, 'Complete', loadStats(loaded))
      loading.push(fileLoadSummary(file.fileName, file.eventTypeCode, loaded))
      if (loaded.report && envelopeName) {
        await acts.notifyWithAttachment(envelopeName, 'Warning', rejectedRowsMessage(file.fileName, loaded), loaded.report)
      }
      const blanked = blankedFieldsMessage(file.fileName, loaded)
      if (blanked && envelopeName) await acts.notifyWithAttachment(envelopeName, 'Warning', blanked, null)
    } catch (err) {
      await acts.finishJob(jobId, 'Failed', [])
      throw err
    }
  }
  setCurrentDetails('Linking')
  let clerical: ClericalOutcome | undefined
  let indexFor: StrategySpecs | null = null
  let cacheFor: StrategySpecs | null = null
  const jobId = await acts.startJob({ ...jobBase, name: fastLoad ? FAST_LOAD_JOB : 'Link' })
  try {
    const authoritative = plan.files.filter((f) => f.isAuthoritative).map((f) => f.eventTypeId)
    const outcome = fastLoad ? { linked: await acts.fastLoadGroup({ projectId: plan.projectId, linkageId }), indexFor: null, cacheFor: null }
      : await link({ projectId: plan.projectId, linkageId, groupStrategy: plan.groupStrategy, authoritativeEventTypeIds: authoritative }, indexLater)
    const linked = outcome.linked
    indexFor = outcome.indexFor
    cacheFor = outcome.cacheFor
    await acts.finishJob(jobId, 'Complete', linked.stats)
    if (envelopeName) {
      // A read of the pairs the Link job stored, not part of its statistics; the report carries its figures.
      // (Linkages started before this order existed replay the old one: the list after the reference step.)
      if (patched('clerical-figures-in-report')) clerical = await listClericalReview(envelopeName, plan.projectId, linkageId)
      const report = clerical ? { ...linked.report, clericalReview: clerical.summary } : linked.report
      const attachment = await acts.saveLinkageReport({ envelopeName, report, loading })
      await acts.notifyWithAttachment(envelopeName, 'Information', `Linkage complete: ${linked.stats.map((s) => `${s.name} ${s.value}`).join(', ')}. The attached report lists each strategy's top blocking values and the score histogram.`, attachment)
    }
  } catch (err) {
    await acts.finishJob(jobId, 'Failed', [])
    throw err
  }
  await linkToReferenceStep(jobBase, plan.projectId, linkageId)
  // Sent after the linkage-complete notification, as before the report carried the figures.
  if (envelopeName) await notifyClericalReview(envelopeName, clerical ?? await listClericalReview(envelopeName, plan.projectId, linkageId))
  await acts.setLinkageStatus(linkageId, LinkageStatus.Complete)
  return { indexFor, cacheFor }
}

/**
 * The *InMemory strategies link in one activity; the *OnDisk ones split matching by block partition across
 * activities (and so across workers), then group from the pairs on disk in one more.
 */
async function link(input: { projectId: number; linkageId: number; groupStrategy: string; authoritativeEventTypeIds: number[] }, indexLater: boolean) {
  const linkActs = linkActivities()
  if (!input.groupStrategy.endsWith('OnDisk')) return { linked: await linkActs.linkRecords(input), indexFor: null, cacheFor: null }
  const { strategies, partitions } = await acts.prepareLinkage(input)
  setCurrentDetails(`Linking: ${partitions} block partitions`)
  const outcomes = await Promise.all(Array.from({ length: partitions }, (_, index) =>
    linkActs.matchLinkagePartition({ ...input, strategies, partition: { index, count: partitions } })))
  setCurrentDetails('Grouping')
  const grouped = await linkActs.groupLinkage({ ...input, strategyCount: strategies.length, partitions: outcomes, strategies, ...(indexLater ? { indexLater } : {}) })
  return { linked: grouped, indexFor: grouped.indexPending ? strategies : null, cacheFor: strategies }
}
