/**
 * Existing groups from the previous linkage: records sharing a previous key number (0 = none, a new record)
 * form one group. Returns a dense group id per record (−1 for new records) and the number of such groups.
 */
export interface PairStream { left: Int32Array; right: Int32Array; score: Float64Array; strategy?: Uint16Array; length: number }

export function existingGroupIds(size: number, previousKeys: Float64Array | null): { groupOf: Int32Array; count: number } {
  const groupOf = new Int32Array(size).fill(-1)
  if (!previousKeys) return { groupOf, count: 0 }
  if (previousKeys.length !== size) throw new Error('previousKeys has the wrong length')
  const ids = new Map<number, number>()
  for (let i = 0; i < size; i++) {
    const key = previousKeys[i]!
    if (key === 0) continue
    let id = ids.get(key)
    if (id === undefined) { id = ids.size; ids.set(key, id) }
    groupOf[i] = id
  }
  return { groupOf, count: ids.size }
}
