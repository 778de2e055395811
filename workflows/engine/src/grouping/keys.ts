/**
 * Stable linkage keys. Keys are `LK` + 12-digit sequence (DECISIONS.md); the engine works with the key
 * number. Given the new grouping and each record's previous key number (0 = none):
 * - a group holding records of exactly one previous key keeps that key;
 * - a group holding several previous keys (a merge) keeps the smallest key number (the oldest key
 *   survives); the others are deleted and reported as `renamed` so stored records can be re-keyed;
 * - a group without previous keys gets the next key number;
 * - if a previous key ends up in several groups (a split, which the in-memory strategies never produce),
 *   the group reached first in record order keeps it and the others are treated as holding no such key.
 * Counts: new (fresh key), updated (membership changed: new records joined or keys merged), unchanged,
 * deleted (keys that no longer name a group).
 */
export const KEY_PREFIX = 'LK'
export const KEY_DIGITS = 12

export function formatKey(keyNumber: number): string {
  return KEY_PREFIX + String(keyNumber).padStart(KEY_DIGITS, '0')
}

export function parseKey(key: string): number {
  const match = /^LK(\d{12})$/.exec(key)
  if (!match) throw new Error(`not a linkage key: ${key}`)
  return Number(match[1])
}

export interface KeyAssignment {
  keyOf: Float64Array
  nextKeyNumber: number
  groupsNew: number
  groupsUpdated: number
  groupsUnchanged: number
  groupsDeleted: number
  /** Deleted key → surviving key, for merges. */
  renamed: { from: number; to: number }[]
}

export function assignKeys(groupOf: Int32Array, previousKeys: Float64Array | null, nextKeyNumber: number): KeyAssignment {
  const size = groupOf.length
  const previous = previousKeys ?? new Float64Array(size)
  const owner = new Map<number, number>() // previous key → the group that claims it
  const survivor = new Float64Array(size) // per group label: smallest claimed key, 0 = none
  const claimed = new Int32Array(size) // per group label: number of keys claimed
  const renamed: { from: number; to: number }[] = []
  for (let i = 0; i < size; i++) {
    const key = previous[i]!, g = groupOf[i]!
    if (key === 0 || owner.has(key)) continue
    owner.set(key, g)
    claimed[g]!++
    if (survivor[g] === 0 || key < survivor[g]!) survivor[g] = key
  }
  for (const [key, g] of owner) if (key !== survivor[g]) renamed.push({ from: key, to: survivor[g]! })
  // A group changed when any member's previous key differs from the group's surviving key.
  const changed = new Uint8Array(size)
  const seen = new Uint8Array(size)
  const keyOf = new Float64Array(size)
  let groupsNew = 0, groupsUpdated = 0, groupsUnchanged = 0
  for (let i = 0; i < size; i++) {
    const g = groupOf[i]!
    if (!seen[g]) {
      seen[g] = 1
      if (survivor[g] === 0) { survivor[g] = nextKeyNumber++; groupsNew++; changed[g] = 2 }
    }
    keyOf[i] = survivor[g]!
    if (changed[g] === 0 && previous[i] !== survivor[g]) changed[g] = 1
  }
  for (let g = 0; g < size; g++) {
    if (!seen[g] || changed[g] === 2) continue
    if (changed[g] === 1) groupsUpdated++; else groupsUnchanged++
  }
  renamed.sort((a, b) => a.from - b.from)
  return { keyOf, nextKeyNumber, groupsNew, groupsUpdated, groupsUnchanged, groupsDeleted: renamed.length, renamed }
}
