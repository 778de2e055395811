import { LinkageStatus } from '@ligature/contracts'

const FINAL: readonly number[] = [LinkageStatus.Failed, LinkageStatus.Complete]

export class IllegalLinkageMove extends Error {
  override name = 'IllegalLinkageMove'
}

/**
 * A linkage goes Pending → Processing → Complete | Failed. Failed and Complete are final: only the same
 * status again is accepted (a retried report), and nothing moves back to Pending once work has started.
 */
export function checkLinkageMove(from: number, to: number): void {
  if (from === to) return
  if (FINAL.includes(from) || to === LinkageStatus.Pending) throw new IllegalLinkageMove(`Linkage cannot go from status ${from} to ${to}.`)
}
