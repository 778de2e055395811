/** What the workflow tests read off a Temporal history's events: which activity each one schedules or records. */
import type proto from '@temporalio/proto'

type HistoryEvent = proto.temporal.api.history.v1.IHistoryEvent

/** The activity type an ActivityTaskScheduled event names; null for other events. */
export function scheduledActivityType(event: HistoryEvent): string | null {
  return event.activityTaskScheduledEventAttributes?.activityType?.name ?? null
}

/** The activity type of a local activity's marker (its result, recorded in the history); null for other events. */
export function localActivityType(event: HistoryEvent): string | null {
  const marker = event.markerRecordedEventAttributes
  if (marker?.markerName !== 'core_local_activity') return null
  const data = marker.details?.data?.payloads?.[0]?.data
  return data ? (JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type: string }).activity_type : null
}
