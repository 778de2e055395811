/**
 * Expectation–maximisation for the Fellegi–Sunter mixture (Winkler 1988; fastLink, Enamorado et al. 2019;
 * Splink), over the distinct comparison patterns of the candidate pairs:
 *
 *   P(γ) = λ · Π_k m_k(γ_k) + (1 − λ) · Π_k u_k(γ_k)      (fields with γ_k missing are left out of both products)
 *
 * E step: each pattern's posterior match probability w(γ). M step: λ = Σ n·w / Σ n;
 * m_k(l) = Σ_{γ_k = l} n·w / Σ_{γ_k ≠ missing} n·w, and the same for u with 1 − w when u is estimated too.
 * The platform fixes u from random pairs (Splink's recipe: in blocked pairs non-matches agree far more often
 * than in the population, so EM's u would be wrong for the score) and lets EM move λ and m only.
 * Stops when no parameter moves more than `tolerance` in one iteration, or after `maxIterations`.
 */
import { MISSING_LEVEL, type PatternCounts } from './patterns.js'

/** Per field, a probability per level (level 0 = disagree); each row sums to 1. */
export type LevelProbabilities = number[][]

export interface EmStart {
  m: LevelProbabilities
  u: LevelProbabilities
  lambda: number
}

export interface EmOptions {
  /** true: u is estimated too (full EM); false (default): u stays as given. */
  estimateU?: boolean
  maxIterations?: number
  tolerance?: number
  /** No level's probability falls below this (or above 1 − floor for two levels): weights stay finite. */
  floor?: number
}

export interface EmResult extends EmStart {
  iterations: number
  converged: boolean
  /** The largest parameter change of the last iteration. */
  lastChange: number
  /** Log-likelihood (natural log) of the pairs under the final parameters. */
  logLikelihood: number
  /** Σ n·w: how many of the pairs the model calls matches. */
  expectedMatches: number
  pairs: number
}

export const DEFAULT_EM_MAX_ITERATIONS = 100
export const DEFAULT_EM_TOLERANCE = 1e-6
export const DEFAULT_EM_FLOOR = 1e-6

export function expectationMaximisation(patterns: PatternCounts, start: EmStart, options: EmOptions = {}): EmResult {
  const maxIterations = options.maxIterations ?? DEFAULT_EM_MAX_ITERATIONS
  const tolerance = options.tolerance ?? DEFAULT_EM_TOLERANCE
  const floor = options.floor ?? DEFAULT_EM_FLOOR
  const K = patterns.fields, P = patterns.distinct
  checkStart(patterns, start)
  let m = start.m.map(row => normalised(row, floor)), u = start.u.map(row => normalised(row, floor))
  let lambda = clamp(start.lambda, floor)
  const pairs = patterns.total
  if (P === 0 || pairs === 0) {
    return { m, u, lambda, iterations: 0, converged: false, lastChange: 0, logLikelihood: 0, expectedMatches: 0, pairs }
  }
  const posterior = new Float64Array(P)
  let iterations = 0, converged = false, lastChange = Infinity, logLikelihood = 0
  while (iterations < maxIterations) {
    iterations++
    logLikelihood = expectation(patterns, m, u, lambda, posterior)
    const next = maximisation(patterns, posterior, m, u, options.estimateU ?? false, floor)
    lastChange = Math.abs(next.lambda - lambda)
    for (let k = 0; k < K; k++) {
      for (let l = 0; l < m[k]!.length; l++) {
        lastChange = Math.max(lastChange, Math.abs(next.m[k]![l]! - m[k]![l]!), Math.abs(next.u[k]![l]! - u[k]![l]!))
      }
    }
    ;({ m, u, lambda } = next)
    if (lastChange < tolerance) { converged = true; break }
  }
  logLikelihood = expectation(patterns, m, u, lambda, posterior)
  let expectedMatches = 0
  for (let p = 0; p < P; p++) expectedMatches += patterns.count(p) * posterior[p]!
  return { m, u, lambda, iterations, converged, lastChange, logLikelihood, expectedMatches, pairs }
}

/** Fills `posterior[p]` = P(match | γ_p); returns the log-likelihood. Log space, so many fields never underflow. */
export function expectation(patterns: PatternCounts, m: LevelProbabilities, u: LevelProbabilities, lambda: number,
  posterior: Float64Array): number {
  const K = patterns.fields
  const logLambda = Math.log(lambda), logOther = Math.log(1 - lambda)
  let logLikelihood = 0
  for (let p = 0; p < patterns.distinct; p++) {
    let a = logLambda, b = logOther
    for (let k = 0; k < K; k++) {
      const g = patterns.level(p, k)
      if (g === MISSING_LEVEL) continue
      a += Math.log(m[k]![g]!); b += Math.log(u[k]![g]!)
    }
    const top = Math.max(a, b)
    const sum = Math.exp(a - top) + Math.exp(b - top)
    posterior[p] = Math.exp(a - top) / sum
    logLikelihood += patterns.count(p) * (top + Math.log(sum))
  }
  return logLikelihood
}

function maximisation(patterns: PatternCounts, posterior: Float64Array, m: LevelProbabilities, u: LevelProbabilities,
  estimateU: boolean, floor: number): EmStart {
  const K = patterns.fields
  const mSums = m.map(row => new Float64Array(row.length)), uSums = u.map(row => new Float64Array(row.length))
  let matches = 0, total = 0
  for (let p = 0; p < patterns.distinct; p++) {
    const n = patterns.count(p), w = posterior[p]!
    matches += n * w; total += n
    for (let k = 0; k < K; k++) {
      const g = patterns.level(p, k)
      if (g === MISSING_LEVEL) continue
      mSums[k]![g]! += n * w
      uSums[k]![g]! += n * (1 - w)
    }
  }
  const fromSums = (sums: Float64Array, previous: number[]) => {
    let s = 0
    for (const x of sums) s += x
    // A field never observed (all missing) keeps what it had.
    return s > 0 ? normalised(Array.from(sums, x => x / s), floor) : previous
  }
  return {
    lambda: clamp(matches / total, floor),
    m: mSums.map((sums, k) => fromSums(sums, m[k]!)),
    u: estimateU ? uSums.map((sums, k) => fromSums(sums, u[k]!)) : u,
  }
}

function checkStart(patterns: PatternCounts, start: EmStart): void {
  const K = patterns.fields
  if (start.m.length !== K || start.u.length !== K) throw new Error('m and u need one row per field')
  for (let k = 0; k < K; k++) {
    const L = patterns.levelCounts[k]!
    if (start.m[k]!.length !== L || start.u[k]!.length !== L) throw new Error(`field ${k} needs ${L} levels in m and u`)
  }
  if (!(start.lambda > 0 && start.lambda < 1)) throw new Error('lambda must lie strictly between 0 and 1')
}

const clamp = (p: number, floor: number) => Math.min(1 - floor, Math.max(floor, p))

/** Raises every level to at least `floor`, then rescales the row to sum to 1. */
function normalised(row: readonly number[], floor: number): number[] {
  const raised = row.map(p => Math.max(p, floor))
  const sum = raised.reduce((a, b) => a + b, 0)
  return raised.map(p => p / sum)
}

/** Two-level rows from agreement probabilities: [P(disagree), P(agree)]. */
export const twoLevels = (agree: number): number[] => [1 - agree, agree]
