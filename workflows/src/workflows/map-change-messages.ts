/** Stats and texts of deletion and rollback jobs: pure, shared by the workflows and their tests. */
import type { DeletionOutcome } from '../records/delete-records.js'
import type { RollbackOutcome } from '../records/rollback.js'
import type { DestructionOutcome } from '../records/destroy-records.js'
import type { WithdrawalOutcome } from '../records/withdraw-records.js'

export const deletionStats = (o: DeletionOutcome) => [
  { name: 'Ids listed', value: String(o.idsListed) }, { name: 'Records end-dated', value: String(o.recordsEndDated) },
  { name: 'Ids not found', value: String(o.idsNotFound) }, { name: 'Groups affected', value: String(o.groupsAffected) },
  { name: 'Groups after regrouping', value: String(o.groupsAfter) }, { name: 'Keys issued', value: String(o.keysIssued) },
]

export function deletionMessage(fileName: string, eventTypeCode: string, o: DeletionOutcome): string {
  let text = `Deletion of ${eventTypeCode} records from ${fileName} complete: ${o.recordsEndDated} records end-dated; ${o.groupsAffected} groups regrouped into ${o.groupsAfter}.`
  if (o.idsNotFound > 0) {
    const more = o.idsNotFound > o.unknownSample.length ? ` and ${o.idsNotFound - o.unknownSample.length} more` : ''
    text += ` ${o.idsNotFound} of the ${o.idsListed} listed Source Unique IDs are not live records of ${eventTypeCode}: ${o.unknownSample.join(', ')}${more}.`
  }
  return text
}

export const rollbackStats = (o: RollbackOutcome) => [
  { name: 'Undone', value: o.undone ? `${o.undone.kind} (revision ${o.undone.revision})` : 'nothing' },
  { name: 'Key rows closed', value: String(o.keyRowsClosed) }, { name: 'Key rows reopened', value: String(o.keyRowsReopened) },
  { name: 'Records restored', value: String(o.recordsRestored) }, { name: 'Records removed', value: String(o.recordsRemoved) },
  { name: 'Pairs dropped', value: String(o.pairsDropped) },
  { name: 'Review decisions ended', value: String(o.decisionsEnded) }, { name: 'Review decisions reopened', value: String(o.decisionsReopened) },
]

export const rollbackMessage = (o: RollbackOutcome, actor: string, reason: string) =>
  `Rolled back by ${actor}: the ${o.undone!.kind} of revision ${o.undone!.revision} is undone (${o.recordsRemoved} records removed, ${o.recordsRestored} restored, ${o.keyRowsReopened} earlier keys back). Reason: ${reason}`

export const destructionStats = (o: DestructionOutcome & { filesRemoved: number }) => [
  { name: 'Records selected', value: String(o.recordsSelected) }, { name: 'Records blanked', value: String(o.recordsBlanked) },
  { name: 'Already destroyed', value: String(o.alreadyDestroyed) }, { name: 'Ids listed', value: String(o.idsListed) },
  { name: 'Ids not found', value: String(o.idsNotFound) }, { name: 'Staged files removed', value: String(o.filesRemoved) },
]

export function destructionMessage(o: DestructionOutcome & { filesRemoved: number }, what: string, actor: string, reason: string): string {
  let text = `Record data destroyed by ${actor} (${what}): personal identifiers of ${o.recordsBlanked} records blanked`
  text += `${o.alreadyDestroyed > 0 ? ` (${o.alreadyDestroyed} already were)` : ''}; keys and groups kept; ${o.filesRemoved} staged files removed.`
  if (o.idsNotFound > 0) {
    const more = o.idsNotFound > o.unknownSample.length ? ` and ${o.idsNotFound - o.unknownSample.length} more` : ''
    text += ` ${o.idsNotFound} of the ${o.idsListed} listed Source Unique IDs are not records of the event type: ${o.unknownSample.join(', ')}${more}.`
  }
  return `${text} Reason: ${reason}`
}

export const withdrawalStats = (o: WithdrawalOutcome, why: string) => [
  { name: 'Event types', value: o.eventTypeIds.join(', ') }, { name: 'Records end-dated', value: String(o.recordsEndDated) },
  { name: 'Groups affected', value: String(o.groupsAffected) }, { name: 'Groups split', value: String(o.groupsSplit) },
  { name: 'Groups after regrouping', value: String(o.groupsAfter) }, { name: 'Keys issued', value: String(o.keysIssued) },
  { name: 'Keys ended', value: String(o.keysEnded) }, { name: 'Reason', value: why.slice(0, 1000) },
]

export const withdrawalMessage = (o: WithdrawalOutcome, why: string) =>
  `Records withdrawn (${why}): ${o.recordsEndDated} records end-dated; ${o.groupsAffected} groups regrouped into ${o.groupsAfter} (${o.groupsSplit} split, ${o.keysIssued} keys issued, ${o.keysEnded} keys ended). A withdrawal cannot be rolled back.`
