/**
 * Merge grouping (MergeInMemory): connected components over all kept pairs plus the existing groups, so
 * two records joined directly or through others share a group and a pair may merge existing groups (the
 * key survivor rule then picks the key, see keys.ts). Returns a group label per record (a component root).
 */
import type { PairStream } from './existing-groups.js'
import { MergeGrouper } from './groupers.js'

export interface GroupingResult {
  /** Group label per record, in [0, size). Labels are arbitrary; keys.ts turns them into linkage keys. */
  groupOf: Int32Array
  pairsApplied: number
  pairsRefused: number
}

export function mergeGrouping(size: number, pairs: PairStream, previousKeys: Float64Array | null = null, reviewGroupOf: Int32Array | null = null): GroupingResult {
  const grouper = new MergeGrouper(size, previousKeys, reviewGroupOf)
  for (let k = 0; k < pairs.length; k++) grouper.offer(pairs.left[k]!, pairs.right[k]!)
  return grouper.result()
}
