/**
 * Engine-local configuration types. They mirror the API's MatchStrategy / MatchingField / BlockingField /
 * WeightCurve shapes (spec §MatchConfig) but carry only what the engine needs; the caller maps API objects
 * onto them (property values arrive as strings there and are parsed by `comparisonFromProperties`).
 */

/** Comparison type names as DECISIONS.md lists them. */
export type ComparisonTypeName = 'Exact' | 'JaroWinkler' | 'Levenshtein' | 'Date' | 'Bloom'

export interface ComparisonSpec {
  type: ComparisonTypeName
  /** JaroWinkler and Bloom: the similarity at or above which a pair counts as agreeing. */
  threshold?: number
  /** JaroWinkler: prefix scale p (default 0.1, at most 0.25). */
  prefixScale?: number
  /** Levenshtein: the largest edit distance that still agrees. */
  maxDistance?: number
  /** Date: days of difference that still agree. */
  toleranceDays?: number
  /** Date: day and month swapped (04/05 vs 05/04) agree. */
  allowDayMonthSwap?: boolean
  /** Date: yyyyMMdd digits that may differ (typed digits) and still agree; similarity as a swap. */
  digitTypos?: number
}

export interface WeightCurvePoint {
  /** 0 = full disagreement, 1 = full agreement (the API's name for the similarity axis). */
  distance: number
  /** Share of the range from disagreement weight (0) to agreement weight (1). */
  weightProportion: number
}

export interface MatchingFieldSpec {
  field: string
  comparison: ComparisonSpec
  /** m: probability the field agrees on a true match. */
  m: number
  /** u: probability the field agrees on a non-match. */
  u: number
  agreementWeight?: number
  disagreementWeight?: number
  curve?: readonly WeightCurvePoint[]
  /**
   * Lower agreement levels, strictest first (issue 16). The field's own comparison, m and u are the top
   * level; a pair that fails it falls to the first level whose comparison agrees, else it disagrees, with
   * m₀ = 1 − m − Σ m_l and u₀ = 1 − u − Σ u_l. Absent or empty: two levels, scored exactly as before.
   */
  levels?: readonly MatchingLevelSpec[]
  /**
   * Term-frequency adjustment (Splink's): a pair whose values are identical gets the top level's weight plus
   * log2(u / tf(value)), tf the value's share of the records that have one; rare values weigh more.
   */
  termFrequency?: boolean
}

/** One lower agreement level of a matching field: its own comparison (the gate) and its own m and u. */
export interface MatchingLevelSpec {
  comparison: ComparisonSpec
  m: number
  u: number
  /** Overrides log2(m/u) for this level. */
  agreementWeight?: number
}

export interface BlockingFieldSpec {
  field: string
  /** true: empty values block with other empty values; false: records empty here are left out. */
  matchEmpty: boolean
}

/** How a strategy compares blocks too large to compare whole (blocking/neighbourhood.ts). */
export interface NeighbourhoodRule {
  /** Largest block compared whole (at least 2). */
  blockCap: number
  /** Neighbourhood of each record in a sort order, itself included (at least 2). */
  window: number
}

export interface StrategySpec {
  name: string
  order: number
  isActive: boolean
  threshold: number
  blockingFields: readonly BlockingFieldSpec[]
  /** Empty: the strategy is deterministic (agreement on the blocking fields alone is a match). */
  matchingFields: readonly MatchingFieldSpec[]
  /** Fixed once per linkage with the rest of the configuration; the platform's defaults when absent. */
  neighbourhood?: NeighbourhoodRule
}

/** How a column's distinct values are interpreted. */
export type ColumnKind = 'text' | 'date' | 'bloom'
