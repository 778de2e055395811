/**
 * Project-to-project: which reference person each calling group is. Records 0…callingCount−1 of the combined
 * table are the calling project's, the rest the reference project's. Only calling–reference pairs count; a
 * calling group takes the reference key of its best-scoring pair (ties: the smaller reference key, so a rerun
 * answers the same). Pure: the pairs come from the engine, the keys from the two record stores.
 */
export interface ScoredPairs {
  length: number
  left: ArrayLike<number>
  right: ArrayLike<number>
  score: ArrayLike<number>
}

export interface ReferenceMatch { referenceKey: number; score: number }

export function referenceKeysByGroup(pairs: ScoredPairs, callingCount: number, keyOf: ArrayLike<number>): Map<number, ReferenceMatch> {
  const best = new Map<number, ReferenceMatch>()
  for (let k = 0; k < pairs.length; k++) {
    const a = pairs.left[k]!, b = pairs.right[k]!
    const aCalling = a < callingCount, bCalling = b < callingCount
    if (aCalling === bCalling) continue
    const calling = aCalling ? a : b, reference = aCalling ? b : a
    const group = keyOf[calling]!, referenceKey = keyOf[reference]!, score = pairs.score[k]!
    // A calling record without a key (none yet) or a reference record without one cannot be linked.
    if (group === 0 || referenceKey === 0) continue
    const current = best.get(group)
    if (!current || score > current.score || (score === current.score && referenceKey < current.referenceKey)) best.set(group, { referenceKey, score })
  }
  return best
}
