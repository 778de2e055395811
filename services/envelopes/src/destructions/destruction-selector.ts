import type { RecordDestructionInput } from '@ligature/contracts'

export type DestructionSelector =
  | { kind: 'envelope'; envelopeName: string }
  | { kind: 'eventType'; eventTypeCode: string; sourceUniqueIds: string[] | null }

export type SelectorProblem = { path: string; message: string }

/**
 * Exactly one selector, or the field that breaks the rule: an envelope, an event type, or an event type with
 * a list of its Source Unique IDs (listed once each, in the order given).
 */
export function destructionSelector(body: RecordDestructionInput): DestructionSelector | SelectorProblem {
  if (body.envelopeName !== undefined) {
    if (body.eventTypeCode !== undefined) return { path: '/eventTypeCode', message: 'Name either envelopeName or eventTypeCode, not both.' }
    if (body.sourceUniqueIds !== undefined) return { path: '/sourceUniqueIds', message: 'sourceUniqueIds select records of an event type, not of an envelope.' }
    return { kind: 'envelope', envelopeName: body.envelopeName }
  }
  if (body.eventTypeCode === undefined) {
    return body.sourceUniqueIds !== undefined
      ? { path: '/eventTypeCode', message: 'sourceUniqueIds need the eventTypeCode they belong to.' }
      : { path: '', message: 'Name the records: envelopeName, eventTypeCode, or eventTypeCode with sourceUniqueIds.' }
  }
  return { kind: 'eventType', eventTypeCode: body.eventTypeCode, sourceUniqueIds: body.sourceUniqueIds ? [...new Set(body.sourceUniqueIds)] : null }
}

export const isProblem = (s: DestructionSelector | SelectorProblem): s is SelectorProblem => !('kind' in s)
