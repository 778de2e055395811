/**
 * Levenshtein edit distance with an upper bound: the DP stops as soon as every cell of a row exceeds
 * `maxDistance` and returns maxDistance + 1, so dissimilar pairs cost little. Two scratch rows are reused.
 */
let prev = new Int32Array(64)
let curr = new Int32Array(64)

export function boundedLevenshtein(a: string, b: string, maxDistance: number): number {
  if (a === b) return 0
  let la = a.length
  let lb = b.length
  if (Math.abs(la - lb) > maxDistance) return maxDistance + 1
  // Strip the common prefix and suffix: they never change the distance.
  let start = 0
  while (start < la && start < lb && a.charCodeAt(start) === b.charCodeAt(start)) start++
  while (la > start && lb > start && a.charCodeAt(la - 1) === b.charCodeAt(lb - 1)) { la--; lb-- }
  const n = la - start
  const m = lb - start
  if (n === 0) return m <= maxDistance ? m : maxDistance + 1
  if (m === 0) return n <= maxDistance ? n : maxDistance + 1
  if (prev.length <= m) { prev = new Int32Array(m * 2 + 1); curr = new Int32Array(m * 2 + 1) }
  let p = prev
  let c = curr
  for (let j = 0; j <= m; j++) p[j] = j
  for (let i = 1; i <= n; i++) {
    c[0] = i
    let rowMin = i
    const ca = a.charCodeAt(start + i - 1)
    for (let j = 1; j <= m; j++) {
      const cost = ca === b.charCodeAt(start + j - 1) ? 0 : 1
      let v = p[j - 1]! + cost
      const del = p[j]! + 1
      const ins = c[j - 1]! + 1
      if (del < v) v = del
      if (ins < v) v = ins
      c[j] = v
      if (v < rowMin) rowMin = v
    }
    if (rowMin > maxDistance) return maxDistance + 1
    const swap = p; p = c; c = swap
  }
  const d = p[m]!
  return d <= maxDistance ? d : maxDistance + 1
}

/**
 * Similarity 1 − d / max(|a|,|b|); 0 when the distance exceeds `maxDistance` (the pair disagrees).
 * Two empty strings are identical (1).
 */
export function levenshteinSimilarity(a: string, b: string, maxDistance: number): number {
  const longest = Math.max(a.length, b.length)
  if (longest === 0) return 1
  const d = boundedLevenshtein(a, b, maxDistance)
  return d > maxDistance ? 0 : 1 - d / longest
}
