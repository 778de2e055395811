/**
 * Where an envelope's seconds go between its activities: the workflow's history as a timeline, each activity
 * with its scheduled, started and closed offsets from the workflow's start, local activities by the time their
 * marker was recorded, and the time the workflow spent between them (workflow tasks, timers, queueing).
 */
import { Client, Connection } from '@temporalio/client'
import type proto from '@temporalio/proto'
import { localActivityType } from '../../test/workflows/history-events.js'

type HistoryEvent = proto.temporal.api.history.v1.IHistoryEvent

const seconds = (event: HistoryEvent) => {
  const t = event.eventTime
  return t ? Number(t.seconds ?? 0) + (t.nanos ?? 0) / 1e9 : 0
}

/** One line per activity of the workflow `workflowId`: offsets in seconds from its start. */
export async function envelopeTimeline(address: string, workflowId: string): Promise<string[]> {
  const connection = await Connection.connect({ address })
  try {
    const events = (await new Client({ connection }).workflow.getHandle(workflowId).fetchHistory()).events ?? []
    const start = seconds(events[0] ?? {})
    const at = (event: HistoryEvent) => (seconds(event) - start).toFixed(3).padStart(7)
    const byId = new Map(events.map((e) => [String(e.eventId), e]))
    const lines: string[] = []
    for (const event of events) {
      const local = localActivityType(event)
      if (local) lines.push(`${at(event)}            ${local} (local, recorded)`)
      const closed = event.activityTaskCompletedEventAttributes ?? event.activityTaskFailedEventAttributes
      if (!closed) continue
      const scheduled = byId.get(String(closed.scheduledEventId))
      const started = byId.get(String(closed.startedEventId))
      const name = scheduled?.activityTaskScheduledEventAttributes?.activityType?.name ?? '?'
      lines.push(`${scheduled ? at(scheduled) : '      ?'} ${started ? at(started) : '      ?'} ${at(event)}  ${name}`)
    }
    const last = events[events.length - 1]
    if (last) lines.push(`${at(last)}            workflow closed`)
    return lines
  } finally {
    await connection.close()
  }
}
