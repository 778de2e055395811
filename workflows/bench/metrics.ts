/**
 * Linkage quality against ground truth. Pairwise: a predicted pair is two records with the same linkage key;
 * a true pair is two records of the same entity. Cluster level: how many true entities came out as exactly
 * one predicted group holding all and only their records.
 */
export interface Quality {
  records: number
  truePairs: number
  predictedPairs: number
  correctPairs: number
  precision: number
  recall: number
  f1: number
  entities: number
  groups: number
  exactClusters: number
  clusterExactness: number
}

const pairsWithin = (n: number) => (n * (n - 1)) / 2

/** `truth[i]` and `predicted[i]` label record i; labels are compared only for equality. */
export function linkageQuality(truth: readonly string[], predicted: readonly string[]): Quality {
  if (truth.length !== predicted.length) throw new Error('truth and predicted must label the same records')
  const byTruth = new Map<string, number[]>(), byPred = new Map<string, number[]>(), joint = new Map<string, number>()
  truth.forEach((t, i) => {
    const p = predicted[i]!
    byTruth.set(t, [...(byTruth.get(t) ?? []), i])
    byPred.set(p, [...(byPred.get(p) ?? []), i])
    const k = `${t}\u0000${p}`
    joint.set(k, (joint.get(k) ?? 0) + 1)
  })
  let truePairs = 0, predictedPairs = 0, correctPairs = 0
  for (const m of byTruth.values()) truePairs += pairsWithin(m.length)
  for (const m of byPred.values()) predictedPairs += pairsWithin(m.length)
  for (const n of joint.values()) correctPairs += pairsWithin(n)
  let exactClusters = 0
  for (const members of byTruth.values()) {
    const group = predicted[members[0]!]!
    if (members.every((i) => predicted[i] === group) && byPred.get(group)!.length === members.length) exactClusters++
  }
  const precision = predictedPairs === 0 ? 1 : correctPairs / predictedPairs
  const recall = truePairs === 0 ? 1 : correctPairs / truePairs
  return {
    records: truth.length, truePairs, predictedPairs, correctPairs, precision, recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    entities: byTruth.size, groups: byPred.size, exactClusters, clusterExactness: exactClusters / byTruth.size,
  }
}
