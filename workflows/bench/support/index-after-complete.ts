/**
 * A first load's indexes for the next linkage are built after its envelope is reported complete, still under the
 * project lock (linkage-steps.ts). The benchmarks wait for that too, so a following envelope's time does not
 * include it, and read how long it took from the workflow's history.
 */
import { Client, Connection } from '@temporalio/client'

/** Waits for the envelope's workflow to close; the seconds its index activity reported, or null when none ran. */
export async function indexSecondsAfterComplete(address: string, workflowId: string): Promise<number | null> {
  const connection = await Connection.connect({ address })
  try {
    const handle = new Client({ connection }).workflow.getHandle(workflowId)
    await handle.result()
    const events = (await handle.fetchHistory()).events ?? []
    const scheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === 'indexForNextLinkage')
    if (!scheduled) return null
    const completed = events.find((e) => String(e.activityTaskCompletedEventAttributes?.scheduledEventId) === String(scheduled.eventId))
    const data = completed?.activityTaskCompletedEventAttributes?.result?.payloads?.[0]?.data
    return data ? (JSON.parse(Buffer.from(data).toString('utf8')) as { indexSeconds: number }).indexSeconds : null
  } finally {
    await connection.close()
  }
}
