/**
 * A first load readies the next linkage's read (statistics, and indexes when the record cache is off) after its
 * envelope is reported complete, and the project's cached records are made, still under the project lock
 * (linkage-steps.ts). The benchmarks wait for both, so a
 * following envelope's time does not include them, and read how long they took from the workflow's history.
 */
import { Client, Connection } from '@temporalio/client'

export interface AfterComplete {
  /** Seconds the index activity reported building indexes, or null when it built none (the record cache stands in) or none ran. */
  indexSeconds: number | null
  /** What the record-cache activity reported, or null when none ran. */
  recordCache: { written: boolean; reason: string; rows: number; seconds: number } | null
}

/** Waits for the envelope's workflow to close and reads what its steps after completion reported. */
export async function stepsAfterComplete(address: string, workflowId: string): Promise<AfterComplete> {
  const connection = await Connection.connect({ address })
  try {
    const handle = new Client({ connection }).workflow.getHandle(workflowId)
    await handle.result()
    const events = (await handle.fetchHistory()).events ?? []
    const resultOf = <T>(activity: string): T | null => {
      const scheduled = events.find((e) => e.activityTaskScheduledEventAttributes?.activityType?.name === activity)
      if (!scheduled) return null
      const completed = events.find((e) => String(e.activityTaskCompletedEventAttributes?.scheduledEventId) === String(scheduled.eventId))
      const data = completed?.activityTaskCompletedEventAttributes?.result?.payloads?.[0]?.data
      return data ? JSON.parse(Buffer.from(data).toString('utf8')) as T : null
    }
    return {
      indexSeconds: resultOf<{ indexSeconds: number }>('indexForNextLinkage')?.indexSeconds ?? null,
      recordCache: resultOf<AfterComplete['recordCache']>('refreshRecordCache'),
    }
  } finally {
    await connection.close()
  }
}
