/**
 * Ligature's linkage engine: pure, no I/O. Records of a block partition go into a RecordTable; matchRecords
 * blocks and scores them into a pair stream (PairStore); grouping, key assignment and the review rule turn
 * that stream into linkage keys; linkageReport/jobStats give the figures. linkInMemory does all of it.
 */
export type * from './types.js'
export { jaro, jaroWinkler, DEFAULT_PREFIX_SCALE, MAX_PREFIX } from './comparators/jaro-winkler.js'
export { boundedLevenshtein, levenshteinSimilarity } from './comparators/levenshtein.js'
export { dateDigitDifferences, dateSimilarity, dayNumber, parseDate, SWAP_SIMILARITY, type DateParts } from './comparators/date.js'
export { exactSimilarity } from './comparators/exact.js'
export { BloomStore, diceJs, popcount32, DEFAULT_FILTER_BITS } from './bloom/dice.js'
export { bloomEncode, bloomFromBase64, bloomToBase64, qgrams, type BloomEncoding } from './bloom/encode.js'
export { agreementWeight, disagreementWeight, fieldWeights, type FieldWeights } from './weights/weights.js'
export { curveProblems, WeightCurve } from './weights/curve.js'
export { Column, EMPTY_CODE, type ColumnSpec } from './columnar/column.js'
export { RecordTable, type RecordRow, type TermCounts } from './columnar/record-table.js'
export { tableFingerprint } from './columnar/table-fingerprint.js'
export { COMPARISON_TYPES, comparisonFromProperties, DEFAULT_BLOOM_THRESHOLD, DEFAULT_JARO_WINKLER_THRESHOLD,
  DEFAULT_LEVENSHTEIN_MAX_DISTANCE, compileLevelTests } from './scoring/compile-field.js'
export { LevelTests, levelWeights, termFrequencyAdjustments } from './scoring/levelled-field.js'
export { DETERMINISTIC_SCORE, keepAboveThreshold, StrategyScorer, type FieldWeightExplanation }
  from './scoring/strategy-scorer.js'
export { buildBlocks, blockHash, type Blocks } from './blocking/blocks.js'
export { generateCandidates, NO_LARGE_BLOCKS, type BlockingStats, type CandidateOptions, type LargeBlocksReport,
  type PairChunkHandler } from './blocking/candidates.js'
export { PairSet } from './blocking/pair-set.js'
export { blockWindows, DEFAULT_BLOCK_CAP, DEFAULT_NEIGHBOURHOOD, DEFAULT_WINDOW, neighbourhoodOf, neighbourhoodProblems, sortFieldsOf,
  type BlockWindows, type Neighbourhood } from './blocking/neighbourhood.js'
export { assignBlocks, pairsOfBlock, partitionPlan, type PartitionPlan } from './blocking/partition-plan.js'
export type { BlockReport } from './blocking/top-blocks.js'
export { PairStore } from './grouping/pair-store.js'
export type { PairStream } from './grouping/existing-groups.js'
export { bestLinkOrder } from './grouping/pair-order.js'
export { mergeGrouping, type GroupingResult } from './grouping/merge.js'
export { bestLinkGrouping } from './grouping/best-link.js'
export { assignKeys, formatKey, parseKey, KEY_PREFIX, type KeyAssignment } from './grouping/keys.js'
export { groupsForReview } from './grouping/review.js'
export { ScoreHistogram, type HistogramJson } from './stats/histogram.js'
export { jobStats, linkageReport, type ClericalReviewSummary, type LinkageReport, type PartitionReport } from './stats/linkage-stats.js'
export { activeStrategies, matchRecords, type MatchOptions, type MatchResult, type StrategyRun } from './match.js'
export { groupPairs, linkInMemory, type InMemoryGroupStrategy, type LinkOptions, type LinkResult } from './link.js'
export { DEFAULT_COLUMNS, DEFAULT_FIELDS, defaultStrategies } from './default-strategies.js'
export { Matcher } from './match.js'
export { RecordTableBuilder, type FieldBytes, type CellBatch } from './columnar/table-builder.js'
export { ByteDictionary, hashBytes } from './columnar/byte-dictionary.js'
export { createGrouper, groupingRule } from './grouping/groupers.js'
// Cleaning and phonetic codes shared by the platform's preprocessing and the provider toolkit.
export { dateParser, daysInMonth, isoDate, DEFAULT_DATE_FORMAT, type DateParser } from './preprocess/date-of-birth.js'
export { blankToNull, lettersOnly, normaliseText } from './preprocess/normalise.js'
export { nysiis } from './preprocess/nysiis.js'
export { soundex } from './preprocess/soundex.js'
export { DEFAULT_SEX_MAP, DEFAULT_STATE_MAP, standardiser, strictStandardiser, type Standardiser, type StrictStandardiser, type ValueMap } from './preprocess/value-maps.js'
// Seeded synthetic people for tests and benchmarks.
export { dateError, nicknameOrTypo, typo } from './synthetic/corrupt.js'
export { syntheticPeople, type GeneratorOptions, type GeneratorStats, type SyntheticPerson } from './synthetic/generate.js'
export { Prng, zipfTable } from './synthetic/prng.js'
export { syntheticTable } from './synthetic/table.js'
export { FEMALE_NAMES, MALE_NAMES, NICKNAMES, STREET_NAMES, STREET_TYPES, SUBURBS, SURNAMES } from './synthetic/name-lists.js'
export { longTail } from './synthetic/long-tail.js'
// Probability estimation (EM): u from random pairs, m and λ by EM over blocked candidate pairs.
export { estimateParameters, suggestThreshold, type ThresholdInputs, DEFAULT_TARGET_POSTERIOR, type EstimationOptions, type EstimationResult, type FieldEstimate,
  type LevelEstimate, type StrategyEstimate } from './estimation/estimate.js'
export { expectationMaximisation, twoLevels, type EmOptions, type EmResult, type EmStart } from './estimation/em.js'
export { PatternCounts, MISSING_LEVEL } from './estimation/patterns.js'
export { FieldLevels, FIELD_LEVELS } from './estimation/levels.js'
export { sampleU, DEFAULT_U_SAMPLE_PAIRS, DEFAULT_SEED as DEFAULT_ESTIMATION_SEED } from './estimation/sample-u.js'
