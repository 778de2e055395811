import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { ApplicationFailure, heartbeat } from '@temporalio/activity'
import type pg from 'pg'
import type { ConfigClient } from '../clients/config-client.js'
import type { NeighbourhoodRule, StrategySpec } from '@ligature/engine'
import { activeStrategies } from '@ligature/engine'
import { groupLinkage as groupOnDisk } from '../pipeline/group-linkage.js'
import { matchPartition, partitionTableKey, writePartitionSnapshot, type PartitionOutcome } from '../pipeline/link-partition.js'
import { combinedReport, combinedStats } from '../pipeline/link-report.js'
import { checkPartitionsAgree, PartitionTablesDiffer } from '../pipeline/partition-check.js'
import { linkProject } from '../pipeline/link-project.js'
import { LinkageTableCache } from '../pipeline/linkage-table-cache.js'
import { fieldsUsed, strategiesFromMatchConfig } from '../pipeline/match-config.js'
import { clearLinkagePairs } from '../records/linkage-pairs.js'
import { ensureRecordStore, projectSchema } from '../records/record-schema.js'
import type { LinkageRecords } from '../records/linkage-records.js'
import { withClient } from '../records/with-client.js'
import { dropLinkageIndexes, incomingRecords, readyForTouchedRead } from '../records/touched-records.js'
import { blockingFieldsOf, readyAfterFirstLoad, readyForPartitions } from '../pipeline/touched-read-ready.js'
import { linkageReadFor, type SecondConnection } from '../pipeline/linkage-read.js'
import { removeStaleSnapshots } from '../records/table-snapshot.js'
import { recordCachePath, refreshRecordCache, type CacheRefresh } from '../records/record-cache.js'
import { partitionCount } from '../pipeline/partition-count.js'

/**
 * `tableDir`: where a linkage's records are written once for its partitions, and each project's cached records;
 * a folder every worker shares, as the data folder is. `recordCache`: whether touched reads use those copies.
 */
export interface LinkDeps {
  config: ConfigClient; pool: pg.Pool; partitions: number; tableDir: string; recordCache?: boolean
  /** How large blocks are compared (LIGATURE_BLOCK_CAP, LIGATURE_BLOCK_WINDOW); the engine's defaults when absent. */
  neighbourhood?: NeighbourhoodRule
}

export interface LinkageRef { projectId: number; linkageId: number }
export interface GroupRequest extends LinkageRef {
  groupStrategy: string; authoritativeEventTypeIds: number[]; strategyCount: number; partitions: PartitionOutcome[]
  /** The frozen strategies, for the indexes a first (full) linkage leaves behind; absent in linkages started before. */
  strategies?: StrategySpec[]
  /**
   * The workflow builds a first linkage's indexes itself once the keys are reported (indexForNextLinkage), so
   * grouping leaves them and answers `indexPending`. Absent in linkages started before: grouping builds them.
   */
  indexLater?: boolean
}

/** After a full read (the project's first linkage), the touched read's indexes, timed into the Link job's stats (they overlap grouping). */
async function indexAfterFullRead(client: pg.ClientBase, schema: string, linkageId: number, strategies: StrategySpec[]) {
  if (await linkageReadFor(client, schema, linkageId) !== 'full') return []
  return [{ name: 'Index seconds', value: (await timedIndexing(client, schema, strategies)).toFixed(2) }]
}

/** readyForTouchedRead, in seconds. */
async function timedIndexing(client: pg.ClientBase, schema: string, strategies: StrategySpec[]): Promise<number> {
  const started = performance.now()
  await readyForTouchedRead(client, schema, strategies)
  return (performance.now() - started) / 1000
}

/**
 * Heartbeats every few seconds while `fn` runs: the engine yields between slices of its work, so a worker that
 * stops beating has died or hung, and the activity moves to another worker after the heartbeat timeout.
 */
async function beating<T>(fn: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => heartbeat(), 5_000)
  try { return await fn() } finally { clearInterval(timer) }
}

/** Cached records without their table, which grouping does not use and need not keep alive; null when the read failed. */
async function withoutTable(records: Promise<LinkageRecords> | null): Promise<LinkageRecords | null> {
  const read = await records?.catch(() => null)
  return read ? { ...read, table: null } : null
}

/** Activities of the Link step: in memory in one activity, or on disk split by block partition. */
export function linkActivities({ config, pool, partitions, tableDir, recordCache = true, neighbourhood }: LinkDeps) {
  const cache = new LinkageTableCache()
  const snapshotOf = (schema: string, linkageId: number) => join(tableDir, `${schema}-linkage-${Number(linkageId)}.table`)
  /** The project's cached records (record-cache.ts), next to the snapshots: every worker reads and replaces the one copy. */
  const recordCacheOf = (schema: string) => recordCachePath(tableDir, schema)
  const usedCacheOf = (schema: string) => (recordCache ? recordCacheOf(schema) : undefined)
  const second: SecondConnection = (fn) => withClient(pool, fn)
  const withStore = async <T>(projectId: number, fn: (client: pg.PoolClient, schema: string) => Promise<T>) => {
    const client = await pool.connect()
    try { return await fn(client, await ensureRecordStore(client, projectId)) } finally { client.release() }
  }
  return {
    async linkRecords(input: LinkageRef & { groupStrategy: string; authoritativeEventTypeIds: number[] }) {
      const strategies = strategiesFromMatchConfig(await config.matchConfig(input.projectId), neighbourhood)
      return beating(() => withStore(input.projectId, async (client, schema) => {
        const linked = await linkProject(client, { schema, linkageId: input.linkageId, strategies, groupStrategy: input.groupStrategy, authoritativeEventTypeIds: input.authoritativeEventTypeIds, second })
        return { records: linked.records, stats: linked.stats, report: linked.report }
      }))
    },
    /**
     * Freezes the match configuration for every partition, clears what an earlier attempt left, readies a touched
     * read (the record cache or the indexes, statistics) and decides the partition count. A split linkage's records are read here, once,
     * kept in this worker's cache and written to a table snapshot that the partitions on other workers load
     * instead of each reading and decoding the same records from the database at the same time.
     */
    async prepareLinkage(input: LinkageRef): Promise<{ strategies: StrategySpec[]; partitions: number }> {
      const strategies = activeStrategies(strategiesFromMatchConfig(await config.matchConfig(input.projectId), neighbourhood))
      return beating(() => withStore(input.projectId, async (client, schema) => {
        await clearLinkagePairs(client, schema, input.linkageId)
        const read = await linkageReadFor(client, schema, input.linkageId)
        // What the touched read stands on (the record cache or the indexes), here, once, rather than in the
        // partitions that run at the same time; a first load reads in full and readies the next linkage after its
        // keys are reported (indexForNextLinkage).
        if (read === 'touched') {
          await mkdir(tableDir, { recursive: true })
          await readyForPartitions(client, { schema, linkageId: input.linkageId, strategies, recordCache: usedCacheOf(schema) })
        }
        // A full read splits as configured whatever it holds: counting its records cost 0.3 s at a million.
        const count = read === 'full' ? partitions : partitionCount(partitions, read, await incomingRecords(client, schema, input.linkageId))
        const snapshot = snapshotOf(schema, input.linkageId)
        await rm(snapshot, { force: true })
        if (count > 1) {
          await mkdir(tableDir, { recursive: true })
          await removeStaleSnapshots(tableDir)
          await writePartitionSnapshot(client, { schema, linkageId: input.linkageId, strategies, read, second, recordCache: usedCacheOf(schema) }, snapshot, cache)
        }
        return { strategies, partitions: count }
      }))
    },
    async matchLinkagePartition(input: LinkageRef & { strategies: StrategySpec[]; partition: { index: number; count: number } }) {
      return beating(() => withStore(input.projectId, (client, schema) =>
        matchPartition(client, { schema, linkageId: input.linkageId, strategies: input.strategies, partition: input.partition, second,
          snapshot: snapshotOf(schema, input.linkageId), recordCache: usedCacheOf(schema) }, cache)))
    },
    /**
     * After a linkage is reported, makes the project's cached records again if the next touched read could not use
     * them (missing, out of date) or would read too many records added since (record-cache.ts), and drops the
     * indexes a copy that serves stands in for. Off the envelope's path: its keys are stored and reported already.
     */
    async refreshRecordCache(input: LinkageRef & { strategies: StrategySpec[] }): Promise<CacheRefresh & { seconds: number; indexesDropped: number | null }> {
      const started = performance.now()
      if (!recordCache) return { written: false, reason: 'switched off', rows: 0, seconds: 0, indexesDropped: 0 }
      return beating(() => withStore(input.projectId, async (client, schema) => {
        await mkdir(tableDir, { recursive: true })
        const blockingFields = blockingFieldsOf(activeStrategies(input.strategies))
        const refreshed = await refreshRecordCache(client, { schema, linkageId: input.linkageId, fields: fieldsUsed(input.strategies), blockingFields, path: recordCacheOf(schema) })
        const seconds = Number(((performance.now() - started) / 1000).toFixed(2))
        // A copy that serves the next touched read makes the project's indexes dead weight on every load (touched-read-ready.ts).
        const indexesDropped = refreshed.reason === 'too large' ? 0 : await dropLinkageIndexes(client, schema)
        return { ...refreshed, seconds, indexesDropped }
      }))
    },
    /**
     * A first linkage's indexes for the next one's touched read, after its keys are stored and reported: on their
     * own they added about 3.5 s to a million-record first load beyond the grouping they overlapped. None when
     * the record cache, made next, will stand in for them (touched-read-ready.ts).
     */
    async indexForNextLinkage(input: LinkageRef & { strategies: StrategySpec[] }): Promise<{ indexSeconds: number | null }> {
      return beating(() => withStore(input.projectId, async (client, schema) => {
        const seconds = await readyAfterFirstLoad(client, { schema, linkageId: input.linkageId, strategies: activeStrategies(input.strategies), recordCache: usedCacheOf(schema) })
        return { indexSeconds: seconds === null ? null : Number(seconds.toFixed(2)) }
      }))
    },
    async groupLinkage(input: GroupRequest) {
      // The partitions are done with the linkage's records; a first load groups the ones this worker matched.
      const matched = await withoutTable(input.strategies
        ? cache.take(partitionTableKey(projectSchema(input.projectId), input.linkageId, 'full', fieldsUsed(input.strategies))) : null)
      cache.clear()
      // Not retried: the partitions' pairs are on disk already and grouping them again would not change them.
      try { checkPartitionsAgree(input.partitions.map((p) => ({ partition: p.partition, records: p.records, fingerprint: p.fingerprint }))) } catch (e) {
        if (e instanceof PartitionTablesDiffer) throw ApplicationFailure.nonRetryable(e.message, e.name)
        throw e
      }
      const { strategies } = input
      return beating(() => withStore(input.projectId, async (client, schema) => {
        // The partitions are done with the linkage's records.
        await rm(snapshotOf(schema, input.linkageId), { force: true })
        // Linkages started before indexLater: a first load's indexes build on a second connection while this one
        // groups and writes the keys (they overlap on two cores, but the builds took longer than grouping and
        // delayed the keys). Started after this connection has ensured the store, whose ALTERs would otherwise wait
        // for a build's lock on the records.
        const indexPending = Boolean(strategies && input.indexLater) && await linkageReadFor(client, schema, input.linkageId) === 'full'
        const indexing = strategies && !input.indexLater ? withClient(pool, (c) => indexAfterFullRead(c, schema, input.linkageId, strategies)) : Promise.resolve([])
        try {
          const group = await groupOnDisk(client, { schema, linkageId: input.linkageId, groupStrategy: input.groupStrategy, authoritativeEventTypeIds: input.authoritativeEventTypeIds, strategyCount: input.strategyCount, matched })
          const report = combinedReport(input.partitions, group)
          return { records: group.records, stats: [...combinedStats(input.partitions, group, report), ...await indexing], report, indexPending }
        } finally {
          // A failed grouping still waits for the builds, so the activity ends with its connections back in the pool.
          await indexing.catch(() => undefined)
        }
      }))
    },
  }
}
