/**
 * Merge grouping (MergeInMemory): connected components over all kept pairs plus the existing groups, so
 * two records joined directly or through others share a group and a pair may merge existing groups (the
 * key survivor rule then picks the key, see keys.ts). Returns a group label per record (a component root).
 */
import { existingGroupIds, type PairStream } from './existing-groups.js'
import { UnionFind } from './union-find.js'

export interface GroupingResult {
  /** Group label per record, in [0, size). Labels are arbitrary; keys.ts turns them into linkage keys. */
  groupOf: Int32Array
  pairsApplied: number
  pairsRefused: number
}

export function mergeGrouping(size: number, pairs: PairStream, previousKeys: Float64Array | null = null): GroupingResult {
  const uf = new UnionFind(size)
  const existing = existingGroupIds(size, previousKeys)
  const firstOf = new Int32Array(existing.count).fill(-1)
  for (let i = 0; i < size; i++) {
    const g = existing.groupOf[i]!
    if (g < 0) continue
    if (firstOf[g] === -1) firstOf[g] = i; else uf.union(firstOf[g]!, i)
  }
  let applied = 0
  for (let k = 0; k < pairs.length; k++) if (uf.union(pairs.left[k]!, pairs.right[k]!)) applied++
  const groupOf = new Int32Array(size)
  for (let i = 0; i < size; i++) groupOf[i] = uf.find(i)
  return { groupOf, pairsApplied: applied, pairsRefused: 0 }
}
