/**
 * The authoritative-event-type grouping rule: a group holding more than one record from an authoritative
 * event type is flagged for review. Returns the flagged key numbers, ascending.
 */
export function groupsForReview(keyOf: Float64Array, eventTypeOf: Int32Array,
  authoritativeEventTypes: ReadonlySet<number>): number[] {
  if (authoritativeEventTypes.size === 0) return []
  const counts = new Map<number, number>()
  const flagged: number[] = []
  for (let i = 0; i < keyOf.length; i++) {
    if (!authoritativeEventTypes.has(eventTypeOf[i]!)) continue
    const key = keyOf[i]!
    const count = (counts.get(key) ?? 0) + 1
    counts.set(key, count)
    if (count === 2) flagged.push(key)
  }
  return flagged.sort((a, b) => a - b)
}
