/**
 * Fast load (pre-linked data): the pairs that put records sharing a Jurisdictional Linkage Key into one group.
 * Each record with a non-blank key is paired with the first record holding the same key, when either of the two
 * arrived with this load; the grouping that receives these pairs starts from the existing groups (merge rule),
 * so existing records keep their groups and a new record joins the group of every record holding its key.
 * A blank key pairs with nothing: that record is a group of its own. Keys compare exactly (after the trimming
 * every load does).
 */
export function jurisdictionalKeyPairs(keys: readonly (string | null)[], isNew: ArrayLike<number>): [number, number][] {
  const firstWith = new Map<string, number>()
  const pairs: [number, number][] = []
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]
    if (key === null || key === undefined || key === '') continue
    const first = firstWith.get(key)
    if (first === undefined) { firstWith.set(key, i); continue }
    if (isNew[i] || isNew[first]) pairs.push([first, i])
  }
  return pairs
}
