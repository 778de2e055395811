import { ExtractionStatus, enumName } from '@ligature/contracts/enums'

/**
 * The two readings of an extraction's status (spec §4): calls read 0 Unknown … 4 Complete, the schema only
 * 0-3. Stored in the call reading; the schema's is the same order without Unknown, so schema = call − 1.
 */
export const schemaStatus = (callStatus: number) => Math.max(0, callStatus - 1)
export const statusName = (callStatus: number) => enumName(ExtractionStatus, callStatus)
export const isFinalCallStatus = (callStatus: number) => callStatus === ExtractionStatus.Failed || callStatus === ExtractionStatus.Complete

/** A final status accepts only itself again (a retried report); otherwise statuses only move forward. */
export function canMoveExtraction(from: number, to: number): boolean {
  if (isFinalCallStatus(from)) return from === to
  return to >= from
}
