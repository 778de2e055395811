/** Stats and notification text of a "Quality Review" job: pure, shared by the workflow and its tests. */
import type { ReviewOutcome } from './apply-review.js'

export const reviewStats = (o: ReviewOutcome) => [
  { name: 'Rows read', value: String(o.rowsRead) }, { name: 'Records placed', value: String(o.recordsPlaced) },
  { name: 'Ids not found', value: String(o.idsNotFound) }, { name: 'Rows of another project', value: String(o.otherProject) },
  { name: 'Rows with an unknown event type', value: String(o.unknownEventType) }, { name: 'Malformed rows', value: String(o.malformed) },
  { name: 'Duplicate rows', value: String(o.duplicates) }, { name: 'Groups before', value: String(o.groupsBefore) },
  { name: 'Groups after', value: String(o.groupsAfter) }, { name: 'Keys issued', value: String(o.keysIssued) },
  { name: 'Keys ended', value: String(o.keysEnded) }, { name: 'Decisions replaced', value: String(o.decisionsEnded) },
  { name: 'Revision', value: o.revision === null ? 'none' : String(o.revision) },
]

export const reviewSkipped = (o: ReviewOutcome) => o.idsNotFound + o.otherProject + o.unknownEventType + o.malformed + o.duplicates

export function reviewMessage(fileName: string, o: ReviewOutcome): string {
  let text = o.recordsPlaced === 0
    ? `Quality review ${fileName}: no row named a live record of the project; the map is unchanged.`
    : `Quality review ${fileName} applied: ${o.recordsPlaced} records placed; ${o.groupsBefore} groups became ${o.groupsAfter} (${o.keysIssued} keys issued, ${o.keysEnded} keys ended).`
  const parts: string[] = []
  if (o.idsNotFound > 0) parts.push(`${o.idsNotFound} not live records of the project: ${o.notFoundSample.join(', ')}${o.idsNotFound > o.notFoundSample.length ? ' and more' : ''}`)
  const other = o.otherProject + o.unknownEventType + o.malformed + o.duplicates
  if (other > 0) parts.push(`${other} skipped (${o.otherProject} of another project, ${o.unknownEventType} with an event type that is not a member, ${o.malformed} malformed, ${o.duplicates} duplicates): ${o.skippedSample.join(', ')}${other > o.skippedSample.length ? ' and more' : ''}`)
  if (parts.length > 0) text += ` Of ${o.rowsRead} rows, ${parts.join('; ')}.`
  return text
}
