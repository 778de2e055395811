/**
 * Fellegi–Sunter field weights in log base 2 (DECISIONS.md): agreement log2(m/u), disagreement
 * log2((1−m)/(1−u)). Explicit agreementWeight / disagreementWeight override the computed values.
 */
export interface FieldWeights { agreement: number; disagreement: number }

export interface WeightInput {
  m: number
  u: number
  agreementWeight?: number | null
  disagreementWeight?: number | null
}

export function agreementWeight(m: number, u: number): number {
  return Math.log2(m / u)
}

export function disagreementWeight(m: number, u: number): number {
  return Math.log2((1 - m) / (1 - u))
}

function needsProbabilities(input: WeightInput): boolean {
  return input.agreementWeight == null || input.disagreementWeight == null
}

/** Throws when a probability needed for a computed weight lies outside the open interval (0, 1). */
export function fieldWeights(input: WeightInput): FieldWeights {
  if (needsProbabilities(input)) {
    for (const [label, p] of [['m', input.m], ['u', input.u]] as const) {
      if (!(p > 0 && p < 1)) throw new Error(`${label} must lie strictly between 0 and 1 (got ${p})`)
    }
  }
  const agreement = input.agreementWeight ?? agreementWeight(input.m, input.u)
  const disagreement = input.disagreementWeight ?? disagreementWeight(input.m, input.u)
  if (!Number.isFinite(agreement) || !Number.isFinite(disagreement)) throw new Error('field weights must be finite')
  return { agreement, disagreement }
}
