import type { JobState } from '../db.js'

export const JobStates = ['Queued', 'Processing', 'Complete', 'Failed', 'Cancelled'] as const satisfies readonly JobState[]
const FINAL: readonly JobState[] = ['Complete', 'Failed', 'Cancelled']

export const isFinalJobState = (s: JobState) => FINAL.includes(s)

export class IllegalJobMove extends Error {
  override name = 'IllegalJobMove'
}

/**
 * What a state report does to a job. A final state is kept: only the same state again is accepted (the
 * worker's activity may retry a report whose answer it lost). Entering a final state stamps the finish time.
 */
export function planJobMove(from: JobState, to: JobState): { stampFinish: boolean } {
  if (isFinalJobState(from)) {
    if (from !== to) throw new IllegalJobMove(`Job cannot go from ${from} to ${to}.`)
    return { stampFinish: false }
  }
  return { stampFinish: isFinalJobState(to) }
}
