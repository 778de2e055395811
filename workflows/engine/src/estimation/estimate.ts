/**
 * Probability estimation for a match configuration (product-behaviour §5), Splink's recipe on the engine's
 * own comparisons:
 *  1. u per matching field (per distinct field + comparison) from random record pairs (sample-u.ts).
 *  2. Per active probabilistic strategy, the comparison patterns of its blocked candidate pairs (incoming ×
 *     incoming and incoming × existing, as a linkage compares them), and EM for λ and m with u fixed (em.ts).
 *     Fields the blocking fixes (a blocking field, or one derived from the same value: `derivedFrom`, e.g.
 *     doby → dateOfBirth) agree on nearly every candidate pair and say nothing there, so they are left out of
 *     that strategy's EM; their m comes from the strategies that do estimate them. A field that goes with the
 *     blocking (sex with a given name) agrees among the strategy's strangers more often than random pairs say: its
 *     u for that strategy comes from random pairs inside the blocks instead, and EM runs again (block-u.ts). On
 *     the pairs of a block over the cap, the fields its windows sorted on are left out (window-fields.ts).
 *  3. A field's m is the mean of its EM estimates over the strategies that estimated it (Splink averages its
 *     training sessions the same way); a field no strategy could estimate keeps its configured m.
 *  4. A suggested threshold per strategy: the score at which a candidate pair's posterior match probability
 *     reaches `targetPosterior` (default 0.5, the Bayes decision for equal costs):
 *       T = log2(p/(1−p)) − log2(λ/(1−λ)) + Σ agreement weights of the fields the blocking fixes  (suggestThreshold)
 *     Reported beside it, not part of it: termFrequencyOffset, log2 of the mean odds the fixed fields' term-frequency
 *     adjustments add over the strategy's candidate pairs (0 when u is the values' exact-match rate).
 *     with λ = (expected matches + 1) / (candidate pairs + 2), add-one smoothed like u (within the strategy's pairs the posterior odds are λ/(1−λ) · 2^(score of the EM fields), and the fixed
 *     fields add their agreement weight to every such pair's score).
 * Weights are log2, as scoring computes them (weights.ts). Same table, configuration and seed: same result.
 */
import { buildBlocks } from '../blocking/blocks.js'
import { generateCandidates } from '../blocking/candidates.js'
import { neighbourhoodOf } from '../blocking/neighbourhood.js'
import type { RecordTable } from '../columnar/record-table.js'
import { activeStrategies } from '../match.js'
import type { ComparisonSpec, MatchingFieldSpec, StrategySpec } from '../types.js'
import { termFrequencyAdjustments } from '../scoring/levelled-field.js'
import { agreementWeight, disagreementWeight } from '../weights/weights.js'
import { blockConditionedU, sampleBlockPairs } from './block-u.js'
import { expectationMaximisation, twoLevels, DEFAULT_EM_MAX_ITERATIONS, DEFAULT_EM_TOLERANCE, type EmResult } from './em.js'
import { comparisonKey, FieldLevels } from './levels.js'
import { MISSING_LEVEL, PatternCounts } from './patterns.js'
import { sampleU, DEFAULT_SEED } from './sample-u.js'
import { windowedFields } from './window-fields.js'

export const DEFAULT_TARGET_POSTERIOR = 0.5
export const DEFAULT_INITIAL_LAMBDA = 0.1
/** Starting m when the configured m is not above the sampled u (EM needs m > u to start on the right side). */
export const FALLBACK_INITIAL_M = 0.9
/** EM, then u within the blocks from its matches, then EM again: at most this many rounds of the two (block-u.ts). */
export const BLOCK_U_ROUNDS = 3

export interface EstimationOptions {
  seed?: number
  uSamplePairs?: number
  /** Random pairs drawn inside each strategy's blocks (block-u.ts). */
  blockUSamplePairs?: number
  maxIterations?: number
  tolerance?: number
  targetPosterior?: number
  /** Blocking field → the matching field it derives from (doby → dateOfBirth, surnameSoundex → surname…). */
  derivedFrom?: Readonly<Record<string, string>>
}

export type MSource = 'em' | 'configured'

export interface FieldEstimate {
  field: string
  comparison: ComparisonSpec
  m: number
  u: number
  /** log2(m/u) and log2((1−m)/(1−u)). */
  agreementWeight: number
  disagreementWeight: number
  mSource: MSource
  /**
   * 'sample': random record pairs; 'block': random pairs inside this strategy's blocks, where the field agrees
   * among strangers more often than in random pairs (block-u.ts); 'configured' when no random pair had the field on
   * both sides (it is absent from the data).
   */
  uSource: 'sample' | 'block' | 'configured'
  /** With uSource 'block': the random-pair u it replaces for this strategy. */
  uRandom?: number
  /** This strategy's own EM estimate of m; null when the blocking fixes the field here or no pair had it. */
  mThisStrategy: number | null
  /** Candidate pairs of this strategy with a value on both sides (0 when left out of its EM). */
  pairsObserved: number
  /** Random pairs with a value on both sides, and how many of them agreed. */
  uSampleObserved: number
  uSampleAgreed: number
  configured: { m: number; u: number }
  /**
   * The field's lower levels (only when it has some), strictest first: each level's m (EM, mean over the
   * strategies like the top level's) and u (random pairs). The top level is `m`/`u`; disagreement is the rest.
   */
  levels?: LevelEstimate[]
}

export interface LevelEstimate {
  comparison: ComparisonSpec
  m: number
  u: number
  /** log2(m/u) of this level. */
  agreementWeight: number
  configured: { m: number; u: number }
}

export interface StrategyEstimate {
  name: string
  order: number
  deterministic: boolean
  candidatePairs: number
  distinctPatterns: number
  /**
   * Blocks over the strategy's cap, whose candidate pairs are their sort orders' windows (neighbourhood.ts). The
   * name is from when such blocks (then over 5,000 records) were skipped; stored estimates keep it.
   */
  oversizedBlocks: number
  fieldsEstimated: string[]
  fieldsFixedByBlocking: string[]
  /** Pairs inside the strategy's blocks that hold an incoming record (whichever its windows compare); absent without EM fields. */
  withinBlockPairs?: number
  /** Share of candidate pairs that are matches, by EM; null when nothing was estimated. */
  lambda: number | null
  expectedMatches: number | null
  iterations: number
  converged: boolean
  lastChange: number | null
  logLikelihood: number | null
  configuredThreshold: number
  /** null: keep the configured threshold (deterministic strategy, or nothing left to estimate). */
  suggestedThreshold: number | null
  /**
   * log2 of the mean odds the fixed fields' term-frequency adjustments add over the candidate pairs; only when the
   * blocking fixes a TF field. Information, not part of the suggested threshold (adding it lowered held-out F1).
   */
  termFrequencyOffset?: number
  fields: FieldEstimate[]
}

export interface EstimationResult {
  method: 'fellegi-sunter-em'
  seed: number
  targetPosterior: number
  records: { total: number; incoming: number }
  uSample: { pairs: number }
  em: { maxIterations: number; tolerance: number; initialLambda: number }
  /** Every strategy's EM converged. */
  converged: boolean
  /** The most iterations any strategy took. */
  iterations: number
  strategies: StrategyEstimate[]
}

interface EstimationRun { strategy: StrategySpec; emFields: number[]; fixed: number[]; em: EmResult | null
  /** Per EM field, this strategy's own u row (block-u.ts), or null where the random-pair u stands. */
  ownU: (number[] | null)[]; withinBlockPairs: number | null
  observed: number[]; candidatePairs: number; distinctPatterns: number; largeBlocks: number
  /** Mean over the candidate pairs of 2^(TF adjustments of the fixed fields); 1 without such fields. */
  meanTfOdds: number }

export function estimateParameters(table: RecordTable, strategies: readonly StrategySpec[], options: EstimationOptions = {}): EstimationResult {
  const seed = options.seed ?? DEFAULT_SEED
  const targetPosterior = options.targetPosterior ?? DEFAULT_TARGET_POSTERIOR
  if (!(targetPosterior > 0 && targetPosterior < 1)) throw new Error('targetPosterior must lie strictly between 0 and 1')
  const maxIterations = options.maxIterations ?? DEFAULT_EM_MAX_ITERATIONS
  const tolerance = options.tolerance ?? DEFAULT_EM_TOLERANCE
  const active = activeStrategies(strategies)

  // 1. u once per distinct field comparison.
  const comparisons = new Map<string, MatchingFieldSpec>()
  for (const s of active) for (const f of s.matchingFields) if (!comparisons.has(comparisonKey(f))) comparisons.set(comparisonKey(f), f)
  const keys = [...comparisons.keys()]
  const levels = new Map(keys.map(k => [k, new FieldLevels(comparisons.get(k)!, table)]))
  const sampled = sampleU(table, keys.map(k => levels.get(k)!), { pairs: options.uSamplePairs, seed })
  const uOf = new Map(keys.map((k, i) => [k, { u: sampled.u[i]!, observed: sampled.observed[i]!, agreed: sampled.agreed[i]! }]))

  // 2. EM per strategy over its candidate pairs.
  const runs = active.map((strategy): EstimationRun => runStrategy(table, strategy, levels, uOf, { ...options, seed }, maxIterations, tolerance))

  // 3. m per comparison: the mean of the strategies' EM estimates.
  const mEstimates = new Map<string, number[][]>()
  for (const run of runs) {
    if (!run.em) continue
    run.emFields.forEach((fieldIndex, k) => {
      if (run.observed[k] === 0) return // never observed in these pairs: EM left it where it started
      const key = comparisonKey(run.strategy.matchingFields[fieldIndex]!)
      mEstimates.set(key, [...(mEstimates.get(key) ?? []), run.em!.m[k]!])
    })
  }
  /** Per level (index as FieldLevels: 0 disagree, 1 top, 2… lower levels), the mean of the strategies' rows. */
  const finalM = (f: MatchingFieldSpec) => {
    const estimates = mEstimates.get(comparisonKey(f))
    if (!estimates) return { row: configuredRow(f), source: 'configured' as const }
    return { row: estimates[0]!.map((_, l) => estimates.reduce((sum, r) => sum + r[l]!, 0) / estimates.length), source: 'em' as const }
  }

  const results = runs.map((run): StrategyEstimate => {
    const fields = run.strategy.matchingFields.map((f, index): FieldEstimate => {
      const { row: mRow, source } = finalM(f)
      const sample = uOf.get(comparisonKey(f))!
      const k = run.emFields.indexOf(index)
      const own = k >= 0 ? run.ownU[k] ?? null : null
      // A field no random pair had on both sides (absent from the data) keeps its configured u.
      const uRow = own ?? (sample.observed > 0 ? sample.u : configuredRow(f, 'u'))
      const m = mRow[1]!, u = uRow[1]!
      const lower = f.levels ?? []
      return {
        field: f.field, comparison: f.comparison, m, u,
        // Two levels: log2((1−m)/(1−u)); with lower levels the disagreement level's own m₀/u₀.
        agreementWeight: agreementWeight(m, u), disagreementWeight: lower.length ? Math.log2(mRow[0]! / uRow[0]!) : disagreementWeight(m, u),
        mSource: source, uSource: own ? 'block' : sample.observed > 0 ? 'sample' : 'configured',
        ...(own ? { uRandom: sample.u[1]! } : {}),
        mThisStrategy: k >= 0 && run.em && run.observed[k]! > 0 ? run.em.m[k]![1]! : null,
        pairsObserved: k >= 0 ? run.observed[k]! : 0,
        uSampleObserved: sample.observed, uSampleAgreed: sample.agreed,
        configured: { m: f.m, u: f.u },
        ...(lower.length ? { levels: lower.map((l, i): LevelEstimate => ({ comparison: l.comparison, m: mRow[i + 2]!, u: uRow[i + 2]!,
          agreementWeight: agreementWeight(mRow[i + 2]!, uRow[i + 2]!), configured: { m: l.m, u: l.u } })) } : {}),
      }
    })
    const em = run.em
    const suggestedThreshold = em && em.pairs > 0 ? suggestThreshold({ targetPosterior, expectedMatches: em.expectedMatches, pairs: em.pairs,
      fixedAgreementWeights: run.fixed.map(i => fields[i]!.agreementWeight) }) : null
    return {
      name: run.strategy.name, order: run.strategy.order, deterministic: run.strategy.matchingFields.length === 0,
      candidatePairs: run.candidatePairs, distinctPatterns: run.distinctPatterns, oversizedBlocks: run.largeBlocks,
      fieldsEstimated: run.emFields.filter((_, k) => run.observed[k]! > 0).map(i => run.strategy.matchingFields[i]!.field),
      fieldsFixedByBlocking: run.fixed.map(i => run.strategy.matchingFields[i]!.field),
      ...(run.withinBlockPairs !== null ? { withinBlockPairs: run.withinBlockPairs } : {}),
      lambda: em ? em.lambda : null, expectedMatches: em ? em.expectedMatches : null,
      iterations: em?.iterations ?? 0, converged: em ? em.converged : true,
      lastChange: em ? em.lastChange : null, logLikelihood: em ? em.logLikelihood : null,
      configuredThreshold: run.strategy.threshold, suggestedThreshold, fields,
      ...(run.meanTfOdds !== 1 ? { termFrequencyOffset: Math.log2(run.meanTfOdds) } : {}),
    }
  })
  return {
    method: 'fellegi-sunter-em', seed, targetPosterior,
    records: { total: table.size, incoming: countIncoming(table) },
    uSample: { pairs: sampled.pairsSampled },
    em: { maxIterations, tolerance, initialLambda: DEFAULT_INITIAL_LAMBDA },
    converged: results.every(r => r.converged),
    iterations: results.reduce((most, r) => Math.max(most, r.iterations), 0),
    strategies: results,
  }
}

function runStrategy(table: RecordTable, strategy: StrategySpec, levels: Map<string, FieldLevels>,
  uOf: Map<string, { u: number[] }>, options: EstimationOptions, maxIterations: number, tolerance: number): EstimationRun {
  const blocking = new Set(strategy.blockingFields.map(b => b.field))
  const fixedFields = new Set([...blocking, ...[...blocking].map(b => options.derivedFrom?.[b]).filter((f): f is string => !!f)])
  const emFields: number[] = [], fixed: number[] = []
  strategy.matchingFields.forEach((f, i) => (fixedFields.has(f.field) ? fixed : emFields).push(i))
  const base = { strategy, emFields, fixed, observed: emFields.map(() => 0), candidatePairs: 0, distinctPatterns: 0, largeBlocks: 0, meanTfOdds: 1,
    ownU: emFields.map(() => null), withinBlockPairs: null }
  if (emFields.length === 0) return { ...base, em: null }
  const specs = emFields.map(i => strategy.matchingFields[i]!)
  const fieldLevels = specs.map(f => levels.get(comparisonKey(f))!)
  const patterns = new PatternCounts(fieldLevels.map(l => l.levels))
  const gamma = new Int8Array(specs.length)
  const observed = base.observed
  // The fixed fields' term-frequency adjustments as scoring will add them once the estimate is applied (u = the
  // sampled u, which apply writes into the field).
  const tfFixed = fixed.map(i => strategy.matchingFields[i]!).filter(f => f.termFrequency).map(f => {
    const column = table.column(f.field)
    return { codes: column.codes, adjustment: termFrequencyAdjustments(column, uOf.get(comparisonKey(f))!.u[1]!) }
  })
  let tfOddsSum = 0
  const blocks = buildBlocks(table, strategy.blockingFields)
  const neighbourhood = neighbourhoodOf(strategy, table)
  const windowed = windowedFields(table, blocks, neighbourhood, specs.map(f => f.field))
  const K = specs.length
  const stats = generateCandidates(table, strategy.blockingFields, (left, right, n) => {
    for (let p = 0; p < n; p++) {
      const i = left[p]!, j = right[p]!
      const flagsAt = windowed === null ? -1 : blocks.blockOf[i]! * K
      let adjustment = 0
      for (const t of tfFixed) if (t.codes[i] !== 0 && t.codes[i] === t.codes[j]) adjustment += t.adjustment[t.codes[i]!]!
      tfOddsSum += 2 ** adjustment
      for (let k = 0; k < fieldLevels.length; k++) {
        const g = flagsAt >= 0 && windowed![flagsAt + k] === 1 ? MISSING_LEVEL : fieldLevels[k]!.level(i, j)
        gamma[k] = g
        if (g >= 0) observed[k]!++
      }
      patterns.add(gamma)
    }
  }, { neighbourhood }, blocks)
  const randomU = specs.map(f => uOf.get(comparisonKey(f))!.u)
  const m = specs.map((f, k) => initialM(f, randomU[k]![1]!))
  const fit = (u: number[][]) => expectationMaximisation(patterns, { m, u, lambda: DEFAULT_INITIAL_LAMBDA }, { maxIterations, tolerance })
  // EM with the random-pair u, then with each field's u inside the blocks where that differs, from EM's matches.
  let em = fit(randomU)
  let ownU: (number[] | null)[] = specs.map(() => null)
  const inside = sampleBlockPairs(blocks, fieldLevels, table.isNew, { pairs: options.blockUSamplePairs, seed: (options.seed ?? DEFAULT_SEED) + strategy.order })
  for (let round = 0; round < BLOCK_U_ROUNDS; round++) {
    const next = blockConditionedU(inside, randomU, em.m, em.expectedMatches)
    if (sameRows(next, ownU)) break
    ownU = next
    em = fit(randomU.map((row, k) => ownU[k] ?? row))
  }
  return { ...base, em, ownU, withinBlockPairs: inside.withinBlockPairs, candidatePairs: stats.pairsCreated, distinctPatterns: patterns.distinct, largeBlocks: stats.largeBlocks.blocks,
    meanTfOdds: stats.pairsCreated > 0 ? tfOddsSum / stats.pairsCreated : 1 }
}

/** Whether two rounds chose the same own u rows (to a ten-thousandth). */
function sameRows(a: (number[] | null)[], b: (number[] | null)[]): boolean {
  return a.every((row, k) => {
    const other = b[k]
    if (!row || !other) return row === other
    return row.every((p, l) => Math.abs(p - other[l]!) < 1e-4)
  })
}

export interface ThresholdInputs {
  targetPosterior: number
  expectedMatches: number
  pairs: number
  /** Agreement weights of the fields the strategy's blocking fixes. */
  fixedAgreementWeights: readonly number[]
}

/**
 * The score at which a candidate pair of the strategy is as likely a match as `targetPosterior` says:
 *   T = log2(p/(1−p)) − log2(λ/(1−λ)) + Σ fixed agreement weights
 * λ add-one smoothed over the strategy's pairs (a handful of pairs, all matches, would otherwise give λ → 1 and a
 * threshold far below zero). Term frequencies do not enter it: with TF a block's prior odds are λ's times
 * 2^adj(v) when u is the values' exact-match rate, which is what the adjustment adds. A TF-aware variant (adding
 * the strategy's termFrequencyOffset) was measured and lowered F1 on the held-out set (DECISIONS.md).
 */
export function suggestThreshold(x: ThresholdInputs): number {
  const logit2 = (p: number) => Math.log2(p / (1 - p))
  const lambda = (x.expectedMatches + 1) / (x.pairs + 2)
  return logit2(x.targetPosterior) - logit2(lambda) + x.fixedAgreementWeights.reduce((a, b) => a + b, 0)
}

/**
 * A field's configured probabilities per level (0 disagree, 1 top, 2… lower levels); `which` m or u. The
 * disagreement level takes what the others leave (at least a little, so a row always sums to 1).
 */
function configuredRow(f: MatchingFieldSpec, which: 'm' | 'u' = 'm'): number[] {
  const agree = [f[which], ...(f.levels ?? []).map(l => l[which])]
  const rest = 1 - agree.reduce((a, b) => a + b, 0)
  const row = [Math.max(rest, 1e-6), ...agree]
  const sum = row.reduce((a, b) => a + b, 0)
  return row.map(p => p / sum)
}

/** EM's starting m row: the configured levels, or FALLBACK_INITIAL_M at the top when m is not above u. */
function initialM(f: MatchingFieldSpec, uTop: number): number[] {
  if (!f.levels?.length) return twoLevels(f.m > uTop ? f.m : FALLBACK_INITIAL_M)
  const row = configuredRow(f)
  if (row[1]! > uTop) return row
  // Keep the lower levels' shares of the non-top mass, put FALLBACK_INITIAL_M on top.
  const scale = (1 - FALLBACK_INITIAL_M) / (1 - row[1]!)
  return row.map((p, l) => (l === 1 ? FALLBACK_INITIAL_M : p * scale))
}

function countIncoming(table: RecordTable): number {
  if (!table.isNew) return table.size
  let n = 0
  for (const x of table.isNew) n += x
  return n
}
