/**
 * Grouping as a pair-at-a-time process, so the same rules run over an in-memory pair store or a pair stream
 * read from Postgres (the *OnDisk strategies): memory is the record arrays, never the pairs.
 * Both start from the existing groups (records sharing a previous key); `offer` takes one kept pair.
 * WeightedBestLink expects pairs in descending score (deterministic first); Merge takes any order.
 */
import { existingGroupIds } from './existing-groups.js'
import type { GroupingResult } from './merge.js'
import { UnionFind } from './union-find.js'

export interface Grouper {
  offer(i: number, j: number): void
  result(): GroupingResult
}

/** Weighted best-link (product-behaviour §4): see best-link.ts for the rules. */
export class BestLinkGrouper implements Grouper {
  private readonly groupOf: Int32Array
  private nextGroup: number
  private applied = 0
  private refused = 0

  constructor(private readonly size: number, previousKeys: Float64Array | null = null) {
    const existing = existingGroupIds(size, previousKeys)
    this.groupOf = existing.groupOf
    this.nextGroup = existing.count
  }

  offer(i: number, j: number): void {
    const groupOf = this.groupOf
    const gi = groupOf[i]!, gj = groupOf[j]!
    if (gi === -1 && gj === -1) { groupOf[i] = groupOf[j] = this.nextGroup++; this.applied++ }
    else if (gi === -1) { groupOf[i] = gj; this.applied++ }
    else if (gj === -1) { groupOf[j] = gi; this.applied++ }
    else if (gi !== gj) this.refused++
  }

  result(): GroupingResult {
    const groupOf = this.groupOf
    for (let i = 0; i < this.size; i++) if (groupOf[i] === -1) groupOf[i] = this.nextGroup++
    // Every group holds at least one record, so labels stay below `size` as keys.ts requires.
    return { groupOf, pairsApplied: this.applied, pairsRefused: this.refused }
  }
}

/**
 * Merge: connected components over the kept pairs plus the existing groups (see merge.ts). Quality-review
 * decisions (`reviewGroupOf`: the review group of each record, −1 for none) are constraints: a pair that
 * would join two components holding different review groups is refused, so no linkage merges what a review
 * separated. Reviewed joins need nothing here: existing groups are never split.
 */
export class MergeGrouper implements Grouper {
  private readonly uf: UnionFind
  /** Review group per component root (−1 none); null when the project has no decisions. */
  private readonly reviewOfRoot: Int32Array | null
  private applied = 0
  private refused = 0

  constructor(private readonly size: number, previousKeys: Float64Array | null = null, reviewGroupOf: Int32Array | null = null) {
    this.uf = new UnionFind(size)
    const existing = existingGroupIds(size, previousKeys)
    const firstOf = new Int32Array(existing.count).fill(-1)
    for (let i = 0; i < size; i++) {
      const g = existing.groupOf[i]!
      if (g < 0) continue
      if (firstOf[g] === -1) firstOf[g] = i; else this.uf.union(firstOf[g]!, i)
    }
    this.reviewOfRoot = reviewGroupOf ? new Int32Array(size).fill(-1) : null
    if (reviewGroupOf) for (let i = 0; i < size; i++) if (reviewGroupOf[i]! >= 0) this.reviewOfRoot![this.uf.find(i)] = reviewGroupOf[i]!
  }

  offer(i: number, j: number): void {
    const review = this.reviewOfRoot
    if (!review) { if (this.uf.union(i, j)) this.applied++; return }
    const ri = this.uf.find(i), rj = this.uf.find(j)
    if (ri === rj) return
    const gi = review[ri]!, gj = review[rj]!
    if (gi >= 0 && gj >= 0 && gi !== gj) { this.refused++; return }
    this.uf.union(ri, rj)
    review[this.uf.find(ri)] = gi >= 0 ? gi : gj
    this.applied++
  }

  result(): GroupingResult {
    const groupOf = new Int32Array(this.size)
    for (let i = 0; i < this.size; i++) groupOf[i] = this.uf.find(i)
    return { groupOf, pairsApplied: this.applied, pairsRefused: this.refused }
  }
}

export type GroupingRule = 'WeightedBestLink' | 'Merge'

/** The rule of a group strategy name (WeightedBestLinkInMemory, MergeOnDisk, ...). */
export function groupingRule(groupStrategy: string): GroupingRule {
  return groupStrategy.startsWith('Merge') ? 'Merge' : 'WeightedBestLink'
}

/**
 * `reviewGroupOf` (quality-review decisions) constrains Merge only: best-link never joins two existing groups
 * and incoming records carry no decisions, so it cannot undo one.
 */
export function createGrouper(rule: GroupingRule, size: number, previousKeys: Float64Array | null, reviewGroupOf: Int32Array | null = null): Grouper {
  return rule === 'Merge' ? new MergeGrouper(size, previousKeys, reviewGroupOf) : new BestLinkGrouper(size, previousKeys)
}
