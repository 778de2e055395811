/**
 * The map a review makes of the groups it touches (pure). Members are every live record of the groups that
 * hold a named record, ids ascending, with their current keys. Named records form one group per label;
 * records of those groups that the file does not name stay together, one group per former key (the remainder
 * of their group). Labels are numbered first-seen, remainders after them, so labels stay below the member
 * count as assignKeys requires.
 */
export function reviewGrouping(ids: Float64Array, keys: Float64Array, labelIndexOf: ReadonlyMap<number, number>, labelCount: number): Int32Array {
  const groupOf = new Int32Array(ids.length)
  const remainder = new Map<number, number>()
  for (let i = 0; i < ids.length; i++) {
    const label = labelIndexOf.get(ids[i]!)
    if (label !== undefined) { groupOf[i] = label; continue }
    let g = remainder.get(keys[i]!)
    if (g === undefined) { g = labelCount + remainder.size; remainder.set(keys[i]!, g) }
    groupOf[i] = g
  }
  return groupOf
}
