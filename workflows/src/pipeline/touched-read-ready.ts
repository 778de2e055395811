/**
 * What a block partition's touched read stands on (issue 18): the project's record cache when it is on, the
 * blocking and term-count indexes otherwise. Never both kept: every record a load adds costs an insert into
 * each index, so a project whose copy serves its touched reads keeps none of them (10,000 records into a
 * million: the insert took 0.48–0.81 s with its indexes, 0.11 s without the block ones). The indexes come
 * back when the copy cannot serve: the cache switched off, or a project too large for a copy.
 *
 * Decided under the project lock, once per linkage (prepareLinkage) and after a first load (indexForNextLinkage);
 * a partition that still finds the copy unusable reads from the database, slower without the indexes but the
 * same records. In-memory strategies read whole groups from the database and keep their indexes
 * (link-project.ts).
 */
import type pg from 'pg'
import type { StrategySpec } from '@ligature/engine'
import { fieldsUsed } from './match-config.js'
import { recordCacheMayFit, refreshRecordCache } from '../records/record-cache.js'
import { distinctBlockings, readyForTouchedRead, refreshReadStatistics } from '../records/touched-records.js'

export interface TouchedReadInput {
  schema: string
  linkageId: number
  /** The linkage's active strategies. */
  strategies: readonly StrategySpec[]
  /** The project's record cache file, absent when the cache is switched off. */
  recordCache?: string
}

/** The active blockings' fields, which a copy is indexed by. */
export const blockingFieldsOf = (strategies: readonly StrategySpec[]) => distinctBlockings(strategies).map((b) => b.map((f) => f.field))

/**
 * Before a touched linkage's partitions: a copy current for this linkage, made now when it is not (of the records
 * below the linkage's own), or else the indexes. Fresh statistics either way: grouping plans its reads with them.
 */
export async function readyForPartitions(client: pg.ClientBase, input: TouchedReadInput): Promise<'record cache' | 'indexes'> {
  if (input.recordCache) {
    // A copy that cannot be made (a full disk, a read that failed) costs this linkage the indexes, not the linkage:
    // its partitions then read from the database, and the refresh after it tries again.
    const copy = await refreshRecordCache(client, { schema: input.schema, linkageId: input.linkageId, fields: fieldsUsed(input.strategies),
      blockingFields: blockingFieldsOf(input.strategies), path: input.recordCache, forRead: true }).catch(() => null)
    if (copy && copy.reason !== 'too large') {
      await refreshReadStatistics(client, input.schema)
      return 'record cache'
    }
  }
  await readyForTouchedRead(client, input.schema, input.strategies)
  return 'indexes'
}

/**
 * After a first load, for the next linkage: the indexes, unless a copy of the records will stand in for them
 * (made next, refreshRecordCache). Seconds spent building them, or null when none were built.
 */
export async function readyAfterFirstLoad(client: pg.ClientBase, input: TouchedReadInput): Promise<number | null> {
  const started = performance.now()
  if (input.recordCache && await recordCacheMayFit(client, input.schema, fieldsUsed(input.strategies), blockingFieldsOf(input.strategies).length)) {
    await refreshReadStatistics(client, input.schema)
    return null
  }
  await readyForTouchedRead(client, input.schema, input.strategies)
  return (performance.now() - started) / 1000
}
