import { EnvelopeStatus, type EnvelopeStatusValue } from '../enums.js'

/**
 * The envelope's life, as a pure function the workflow drives and tests can pin without Temporal.
 * Pending → Processing → Complete | Failed; Failed and Complete are final.
 */
export type EnvelopeEvent = { kind: 'start' } | { kind: 'complete' } | { kind: 'fail'; reason: string }

export interface EnvelopeState {
  status: EnvelopeStatusValue
  failureReason?: string
}

export const initialEnvelopeState = (): EnvelopeState => ({ status: EnvelopeStatus.Pending })

export class IllegalTransition extends Error {
  constructor(from: number, event: string) {
    super(`Envelope cannot go from status ${from} on ${event}.`)
    this.name = 'IllegalTransition'
  }
}

export function transitionEnvelope(state: EnvelopeState, event: EnvelopeEvent): EnvelopeState {
  switch (event.kind) {
    case 'start':
      if (state.status === EnvelopeStatus.Pending) return { status: EnvelopeStatus.Processing }
      break
    case 'complete':
      if (state.status === EnvelopeStatus.Processing) return { status: EnvelopeStatus.Complete }
      break
    case 'fail':
      if (state.status === EnvelopeStatus.Pending || state.status === EnvelopeStatus.Processing) {
        return { status: EnvelopeStatus.Failed, failureReason: event.reason }
      }
      break
  }
  throw new IllegalTransition(state.status, event.kind)
}

export const isFinalEnvelopeStatus = (s: number) => s === EnvelopeStatus.Complete || s === EnvelopeStatus.Failed
