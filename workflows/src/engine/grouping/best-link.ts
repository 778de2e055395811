/**
 * Weighted best-link grouping (WeightedBestLinkInMemory), product-behaviour §4, read as follows:
 * - Existing records start in their existing groups (same previous key = one group, singletons included);
 *   incoming records start unplaced.
 * - Pairs are taken in descending score, deterministic pairs (+Infinity) first, ties in stream order.
 * - Both records unplaced: they start a new group together. One unplaced: it joins the other's group.
 *   Both placed (in different groups, existing or formed earlier in this pass): the pair is refused, as it
 *   would join two groups. So an incoming record joins at most one group, and no group ever merges.
 * - Incoming records still unplaced at the end get a group of their own.
 */
import { existingGroupIds, type PairStream } from './existing-groups.js'
import type { GroupingResult } from './merge.js'
import { bestLinkOrder } from './pair-order.js'

export function bestLinkGrouping(size: number, pairs: PairStream, previousKeys: Float64Array | null = null): GroupingResult {
  const { groupOf, count } = existingGroupIds(size, previousKeys)
  let nextGroup = count
  let applied = 0, refused = 0
  const order = bestLinkOrder(pairs.score, pairs.length)
  for (let o = 0; o < order.length; o++) {
    const k = order[o]!
    const i = pairs.left[k]!, j = pairs.right[k]!
    const gi = groupOf[i]!, gj = groupOf[j]!
    if (gi === -1 && gj === -1) { groupOf[i] = groupOf[j] = nextGroup++; applied++ }
    else if (gi === -1) { groupOf[i] = gj; applied++ }
    else if (gj === -1) { groupOf[j] = gi; applied++ }
    else if (gi !== gj) refused++
  }
  for (let i = 0; i < size; i++) if (groupOf[i] === -1) groupOf[i] = nextGroup++
  // Every group holds at least one record, so labels stay below `size` as keys.ts requires.
  return { groupOf, pairsApplied: applied, pairsRefused: refused }
}
