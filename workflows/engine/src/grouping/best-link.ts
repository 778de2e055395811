/**
 * Weighted best-link grouping (WeightedBestLinkInMemory), product-behaviour §4, read as follows:
 * - Existing records start in their existing groups (same previous key = one group, singletons included);
 *   incoming records start unplaced.
 * - Pairs are taken in descending score, deterministic pairs (+Infinity) first, ties by strategy order, then
 *   by the records' ids (indices follow ids), as the on-disk grouping sorts them.
 * - Both records unplaced: they start a new group together. One unplaced: it joins the other's group.
 *   Both placed (in different groups, existing or formed earlier in this pass): the pair is refused, as it
 *   would join two groups. So an incoming record joins at most one group, and no group ever merges.
 * - Incoming records still unplaced at the end get a group of their own.
 */
import type { PairStream } from './existing-groups.js'
import { BestLinkGrouper } from './groupers.js'
import type { GroupingResult } from './merge.js'
import { bestLinkOrder, tieOrder } from './pair-order.js'

export function bestLinkGrouping(size: number, pairs: PairStream, previousKeys: Float64Array | null = null): GroupingResult {
  const grouper = new BestLinkGrouper(size, previousKeys)
  const order = bestLinkOrder(pairs.score, pairs.length, pairs.strategy ? tieOrder({ ...pairs, strategy: pairs.strategy }, size) : null)
  for (let o = 0; o < order.length; o++) {
    const k = order[o]!
    grouper.offer(pairs.left[k]!, pairs.right[k]!)
  }
  return grouper.result()
}
