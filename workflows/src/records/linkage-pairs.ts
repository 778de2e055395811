/**
 * Kept pairs on disk. Each block partition of a linkage COPYs its pairs into the unlogged `pair_candidates`
 * table (replacing what an earlier attempt of the same partition wrote, so retries are safe). Grouping then
 * reads them back once, deduplicated and in processing order, and moves them into `pairs`, where every kept
 * pair stays with its strategy, score and per-field weights so any link can be explained.
 */
import type pg from 'pg'
import type { MatchResult } from '../engine/match.js'
import { copyTextLine } from '../loading/store/copy-text.js'
import { batched, copyIn } from './copy-in.js'
import { copyOut } from './copy-out.js'
import { quoteIdent } from './record-schema.js'

export interface PartitionRef { schema: string; linkageId: number; partition: number }

const round = (w: number) => Math.round(w * 1000) / 1000

function* pairLines(ref: PartitionRef, ids: Float64Array, match: MatchResult): Generator<string> {
  const { pairs, strategies, scorers } = match
  for (let k = 0; k < pairs.length; k++) {
    const i = pairs.left[k]!, j = pairs.right[k]!, s = pairs.strategy[k]!
    const weights: Record<string, number> = {}
    for (const { field, weight } of scorers[s]!.explain(i, j)) weights[field] = round(weight)
    yield copyTextLine([ref.linkageId, ref.partition, ids[i]!, ids[j]!, s, strategies[s]!.name, String(pairs.score[k]!), JSON.stringify(weights)])
  }
}

export async function writePartitionPairs(client: pg.ClientBase, ref: PartitionRef, ids: Float64Array, match: MatchResult): Promise<void> {
  const s = quoteIdent(ref.schema)
  await client.query('begin')
  try {
    await client.query(`delete from ${s}.pair_candidates where linkage_id = $1 and partition = $2`, [ref.linkageId, ref.partition])
    await copyIn(client, `copy ${s}.pair_candidates (linkage_id, partition, left_id, right_id, strategy_order, strategy, score, weights) from stdin`,
      batched(pairLines(ref, ids, match)))
    await client.query('commit')
  } catch (err) {
    await client.query('rollback').catch(() => {})
    throw err
  }
}

/** Drops what earlier attempts of this linkage left behind, before its partitions run. */
export async function clearCandidates(client: pg.ClientBase, schema: string, linkageId: number): Promise<void> {
  await client.query(`delete from ${quoteIdent(schema)}.pair_candidates where linkage_id = $1`, [linkageId])
}

/**
 * The linkage's kept pairs, each once (a pair two partitions found through different strategies keeps the
 * earliest strategy), ordered for grouping: by descending score (deterministic +Infinity first), then
 * strategy order and ids, so every run processes ties alike. `ordered` false skips the sort (merge).
 */
export async function readCandidatePairs(client: pg.ClientBase, schema: string, linkageId: number, ordered: boolean,
  onPair: (leftId: number, rightId: number, score: number, strategyOrder: number) => void): Promise<number> {
  const s = quoteIdent(schema)
  const linkage = Number(linkageId)
  const distinct = `select distinct on (left_id, right_id) left_id, right_id, score, strategy_order from ${s}.pair_candidates
    where linkage_id = ${linkage} order by left_id, right_id, strategy_order`
  const query = ordered ? `select * from (${distinct}) d order by score desc, strategy_order, left_id, right_id` : distinct
  return copyOut(client, query, (row) => onPair(Number(row[0]), Number(row[1]), Number(row[2]), Number(row[3])))
}

/** Moves the deduplicated candidates into `pairs` (replacing the linkage's earlier pairs) and clears them. */
export async function keepCandidatePairs(client: pg.ClientBase, schema: string, linkageId: number): Promise<number> {
  const s = quoteIdent(schema)
  await client.query(`delete from ${s}.pairs where linkage_id = $1`, [linkageId])
  const moved = await client.query(`insert into ${s}.pairs (linkage_id, left_id, right_id, strategy, score, weights)
    select distinct on (left_id, right_id) linkage_id, left_id, right_id, strategy, score, weights from ${s}.pair_candidates
    where linkage_id = $1 order by left_id, right_id, strategy_order`, [linkageId])
  await client.query(`delete from ${s}.pair_candidates where linkage_id = $1`, [linkageId])
  return moved.rowCount ?? 0
}
