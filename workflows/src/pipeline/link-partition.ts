/**
 * One block partition of a linkage (an activity): the records it needs (incoming and those sharing their
 * blocks, linkage-read.ts; read once per worker, see linkage-table-cache.ts), every active strategy over the
 * blocks the size-aware plan gives this partition (engine partition-plan.ts), and the kept pairs written to
 * `pairs`. Returns the partition's figures for the linkage report, and the fingerprint of the table it planned
 * from: every partition plans alone, so the grouping step checks they all decoded the same records
 * (partition-check.ts).
 */
import { hostname } from 'node:os'
import type pg from 'pg'
import type { BlockReport, LargeBlocksReport } from '@ligature/engine'
import { Matcher, tableFingerprint } from '@ligature/engine'
import type { StrategySpec } from '@ligature/engine'
import { writePartitionPairs } from '../records/linkage-pairs.js'
import type { LinkageTableCache } from './linkage-table-cache.js'
import { blockingFieldsUsed, fieldsUsed } from './match-config.js'
import { linkageReadFor, readForMatching, type LinkageRead, type SecondConnection } from './linkage-read.js'
import { readTableSnapshot, writeTableSnapshot } from '../records/table-snapshot.js'

export interface PartitionInput {
  schema: string
  linkageId: number
  strategies: StrategySpec[]
  partition: { index: number; count: number }
  /** What of the project to read (linkage-read.ts); touched blocks unless told. */
  read?: LinkageRead
  /** A second connection for the touched read's term counts (readForMatching); the read's own otherwise. */
  second?: SecondConnection
  /** Where the linkage's records may have been written once for every partition (prepareLinkage); read from the database when absent. */
  snapshot?: string
  /** The project's cached records (record-cache.ts), which a touched read uses when they are current. */
  recordCache?: string
}

export interface PartitionRun {
  name: string
  deterministic: boolean
  recordsBlocked: number
  pairsCreated: number
  topBlockingValues: BlockReport[]
  largeBlocks: LargeBlocksReport
}

export interface PartitionOutcome {
  partition: number
  records: number
  recordsNotBlocked: number
  runs: PartitionRun[]
  pairsKept: number
  /** tableFingerprint over ids, incoming flags and blocking values: equal in every partition of a linkage (LONE_PARTITION when it is the only one). */
  fingerprint: string
  worker: string
  /**
   * Where the records came from: this worker's cache (an earlier partition or the prepare step), the linkage's
   * table snapshot, the project's cached records with those added since (record-cache.ts), or the database.
   */
  readFrom: 'worker' | 'snapshot' | 'record cache' | 'database'
  startedAt: number
  finishedAt: number
  readMs: number
  matchMs: number
  writeMs: number
}

const WORKER = `${hostname()}:${process.pid}`
/** The fingerprint of a linkage's only partition, which grouping has nothing to check against (partition-check.ts). */
export const LONE_PARTITION = 'one partition'

/** What a partition's records are: the same key in the worker's cache and in a table snapshot means the same read. */
export const partitionTableKey = (schema: string, linkageId: number, read: LinkageRead, fields: readonly string[]) =>
  `${schema}/${linkageId}/${read}/${fields.join(',')}`
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * A split linkage's records, read once before its partitions (prepareLinkage): kept in this worker's `cache` for
 * the partitions that land here, and written to `path` for those on other workers (readTableSnapshot).
 */
export async function writePartitionSnapshot(client: pg.ClientBase, input: Required<Pick<PartitionInput, 'schema' | 'linkageId' | 'strategies' | 'read'>>
  & Pick<PartitionInput, 'second' | 'recordCache'>, path: string, cache: LinkageTableCache): Promise<void> {
  const key = partitionTableKey(input.schema, input.linkageId, input.read, fieldsUsed(input.strategies))
  const records = await cache.get(key, () => readForMatching(client, input.schema, input.linkageId, input.strategies, input.read, false, input.second,
    undefined, input.recordCache)).records
  await writeTableSnapshot(path, records, key)
}

export async function matchPartition(client: pg.ClientBase, input: PartitionInput, cache: LinkageTableCache): Promise<PartitionOutcome> {
  const startedAt = Date.now()
  const fields = fieldsUsed(input.strategies)
  const read = input.read ?? await linkageReadFor(client, input.schema, input.linkageId)
  const key = partitionTableKey(input.schema, input.linkageId, read, fields)
  let readFrom: PartitionOutcome['readFrom'] = 'database'
  const cached = cache.get(key, async () => {
    // A snapshot that cannot be read (a worker that does not share the folder, a damaged file) costs the read
    // from the database, not the linkage; the fingerprint check still compares what every partition used.
    const written = input.snapshot ? await readTableSnapshot(input.snapshot, key).catch(() => null) : null
    if (written) { readFrom = 'snapshot'; return written }
    const records = await readForMatching(client, input.schema, input.linkageId, input.strategies, read, false, input.second, undefined, input.recordCache)
    if (records.fromRecordCache) readFrom = 'record cache'
    return records
  })
  const records = await cached.records
  const table = records.table!
  // A lone partition has no other to agree with: its fingerprint (about 0.1 s over the 285,060 records of 10,000
  // into a million, on a 2-core machine) would be compared with nothing.
  const fingerprint = input.partition.count > 1 ? tableFingerprint(table, records.ids, blockingFieldsUsed(input.strategies)) : LONE_PARTITION
  const readAt = Date.now()
  // One partition is the whole table: its plan, and the rescoring that stands in for other partitions' kept
  // pairs (KeptByEarlier), would change nothing and cost time (10,000 records into 1,000,000, 717,080 candidate
  // pairs, six runs each alternating: matching 1.00–1.42 s, mean 1.20, against 0.92–1.22 s, mean 1.07).
  const matcher = new Matcher(table, input.strategies, input.partition.count > 1 ? { partition: input.partition } : {})
  // Between the matcher's steps (slices of about two million pairs) the event loop runs, so heartbeats and the
  // Temporal connection keep going (and other partitions on this worker take turns): only the steps count as match time.
  let matchMs = 0
  for (;;) {
    const stepStarted = performance.now()
    const more = matcher.step()
    matchMs += performance.now() - stepStarted
    if (!more) break
    await yieldToEventLoop()
  }
  const match = matcher.result()
  const matched = Date.now()
  await writePartitionPairs(client, { schema: input.schema, linkageId: input.linkageId, partition: input.partition.index }, records.ids, match)
  const finishedAt = Date.now()
  return {
    partition: input.partition.index, records: table.size, recordsNotBlocked: match.recordsNotBlocked,
    runs: match.runs.map((r) => ({ name: r.name, deterministic: r.deterministic, recordsBlocked: r.recordsBlocked, pairsCreated: r.pairsCreated, topBlockingValues: r.topBlockingValues, largeBlocks: r.largeBlocks })),
    pairsKept: match.pairs.length, fingerprint, worker: WORKER, readFrom: cached.reused ? 'worker' : readFrom,
    startedAt, finishedAt, readMs: readAt - startedAt, matchMs: Math.round(matchMs), writeMs: finishedAt - matched,
  }
}
