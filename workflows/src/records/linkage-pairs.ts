/**
 * Kept pairs on disk. Each block partition of a linkage COPYs its kept pairs into `pairs` with their
 * strategy, score and per-field weights (so any link can be explained), replacing what an earlier attempt of
 * the same partition wrote, so retries are safe. Partitions never keep the same pair (kept-earlier.ts), so
 * the primary key holds. Grouping then streams them back in processing order.
 */
import type pg from 'pg'
import type { MatchResult } from '@ligature/engine'
import { batched, copyIn } from './copy-in.js'
import { copyOut } from './copy-out.js'
import { quoteIdent } from './record-schema.js'
import { pairWriteOrder } from './pair-order.js'
import { thousandths } from './thousandths.js'

export interface PartitionRef { schema: string; linkageId: number; partition: number }

function* pairLines(ref: PartitionRef, ids: Float64Array, match: MatchResult): Generator<string> {
  const { pairs, strategies, scorers, weights: kept } = match
  // Field names are identifiers and strategy names pass through JSON.stringify, so no COPY escaping is due
  // except for the strategy name column.
  const prefixes = scorers.map((scorer) => scorer.fields.map((f, k) => `${k === 0 ? '{' : ','}${JSON.stringify(f.field)}:`))
  const names = strategies.map((s) => s.name.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r'))
  const head = `${ref.linkageId}\t${ref.partition}\t`
  const order = pairWriteOrder(pairs.left, pairs.right, pairs.length, ids.length)
  for (let n = 0; n < pairs.length; n++) {
    const k = order[n]!
    const i = pairs.left[k]!, j = pairs.right[k]!, s = pairs.strategy[k]!
    const fieldCount = scorers[s]!.fields.length
    let weights = fieldCount === 0 ? '{}' : ''
    for (let f = 0; f < fieldCount; f++) weights += prefixes[s]![f]! + thousandths(kept.at(k, f))
    if (fieldCount > 0) weights += '}'
    yield `${head}${ids[i]}\t${ids[j]}\t${s}\t${names[s]}\t${pairs.score[k]}\t${weights}\n`
  }
}

export async function writePartitionPairs(client: pg.ClientBase, ref: PartitionRef, ids: Float64Array, match: MatchResult): Promise<void> {
  const s = quoteIdent(ref.schema)
  await client.query('begin')
  try {
    await client.query(`delete from ${s}.pairs where linkage_id = $1 and partition = $2`, [ref.linkageId, ref.partition])
    await copyIn(client, `copy ${s}.pairs (linkage_id, partition, left_id, right_id, strategy_order, strategy, score, weights) from stdin`,
      batched(pairLines(ref, ids, match)))
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
}

/** Drops the pairs earlier attempts of this linkage left behind, before its partitions run. */
export async function clearLinkagePairs(client: pg.ClientBase, schema: string, linkageId: number): Promise<void> {
  await client.query(`delete from ${quoteIdent(schema)}.pairs where linkage_id = $1`, [linkageId])
}

/**
 * The linkage's kept pairs in grouping order: descending score (deterministic +Infinity first), then strategy
 * order and ids, so every run takes ties alike (Postgres sorts, spilling to disk as it needs). `ordered`
 * false skips the sort (merge grouping does not depend on order).
 */
export async function readLinkagePairs(client: pg.ClientBase, schema: string, linkageId: number, ordered: boolean,
  onPair: (leftId: number, rightId: number, score: number, strategyOrder: number) => void): Promise<number> {
  const linkage = Number(linkageId)
  if (!Number.isInteger(linkage)) throw new Error('linkage id must be an integer')
  const query = `select left_id, right_id, score, strategy_order from ${quoteIdent(schema)}.pairs where linkage_id = ${linkage}` +
    (ordered ? ' order by score desc, strategy_order, left_id, right_id' : '')
  return copyOut(client, query, (row) => onPair(Number(row[0]), Number(row[1]), Number(row[2]), Number(row[3])))
}
