/**
 * Enumerations of spec section 4. Plain constants only: workflow code imports this module, so it must not
 * pull in TypeBox or anything with side effects.
 */
export const EnvelopeStatus = { Unknown: 0, Pending: 1, Processing: 2, Failed: 3, Complete: 4 } as const
export const EnvelopeType = {
  Unknown: 0, Linkage: 1, Extraction: 2, Deletion: 3, ProbsCalculation: 4, QualityReview: 5,
} as const
/** Extraction status as the call descriptions read it (five values). */
export const ExtractionStatus = { Unknown: 0, Pending: 1, Processing: 2, Failed: 3, Complete: 4 } as const
/**
 * Extraction status as the schema reads it: only the range 0-3 is valid there. Both readings are kept: the
 * schema's drops Unknown (no extraction is ever in it), so schema value = call value − 1 (DECISIONS.md).
 */
export const ExtractionSchemaStatus = { Pending: 0, Processing: 1, Failed: 2, Complete: 3 } as const
export const EXTRACTION_STATUS_SCHEMA_MAX = 3
export type ExtractionStatusValue = (typeof ExtractionStatus)[keyof typeof ExtractionStatus]
export const LinkageStatus = { Pending: 0, Processing: 1, Failed: 2, Complete: 3 } as const
export const WorkflowStatus = {
  Unknown: 0, Created: 1, Queued: 2, Processing: 3, Complete: 4, Failed: 5, Cancelled: 6,
} as const
export const LogType = { None: 0, Summary: 1, Detailed: 2 } as const
export const ColumnType = { Unknown: 0, FixedWidth: 1, DelimitedByIndex: 2, DelimitedByName: 3 } as const

export type EnvelopeStatusValue = (typeof EnvelopeStatus)[keyof typeof EnvelopeStatus]
export type EnvelopeTypeValue = (typeof EnvelopeType)[keyof typeof EnvelopeType]
export type LinkageStatusValue = (typeof LinkageStatus)[keyof typeof LinkageStatus]
export type WorkflowStatusValue = (typeof WorkflowStatus)[keyof typeof WorkflowStatus]
export type ColumnTypeValue = (typeof ColumnType)[keyof typeof ColumnType]

/** Name of an enum value, for the `…Name` fields the API returns beside each status. */
export function enumName<T extends Record<string, number>>(e: T, value: number): string {
  for (const [name, v] of Object.entries(e)) if (v === value) return name
  return 'Unknown'
}

export const RequestTypes = {
  SubmitLinkage: EnvelopeType.Linkage,
  /** Pre-linked data: a linkage envelope grouped by Jurisdictional Linkage Key, no matching (DECISIONS.md). */
  SubmitFastLoad: EnvelopeType.Linkage,
  SubmitExtraction: EnvelopeType.Extraction,
  SubmitDeletion: EnvelopeType.Deletion,
  SubmitProbabilityEstimation: EnvelopeType.ProbsCalculation,
  SubmitQualityReview: EnvelopeType.QualityReview,
  // The reference's name for the same envelope (product-behaviour §1.3): both are accepted.
  SubmitBatchQualityReview: EnvelopeType.QualityReview,
} as const
export type RequestType = keyof typeof RequestTypes

export const GroupStrategies = [
  'WeightedBestLinkOnDisk', 'WeightedBestLinkInMemory', 'MergeOnDisk', 'MergeInMemory',
] as const
export type GroupStrategy = (typeof GroupStrategies)[number]

export const Roles = ['viewer', 'custodian', 'manager', 'admin'] as const
export type Role = (typeof Roles)[number]
