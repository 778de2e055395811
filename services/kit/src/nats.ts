import { connect, type NatsConnection } from '@nats-io/transport-node'
import { jetstreamManager } from '@nats-io/jetstream'
import { STREAM_NAME, STREAM_SUBJECTS } from '@ligature/contracts'

export async function connectNats(servers: string, name: string): Promise<NatsConnection> {
  return connect({ servers, name, maxReconnectAttempts: -1 })
}

/**
 * Subjects and the stream name live under an optional namespace, so test runs (and side-by-side
 * deployments on one NATS) never see each other's events. Empty namespace = the canonical names.
 */
export const subjectIn = (namespace: string, subject: string) => (namespace ? `${namespace}.${subject}` : subject)
export const streamIn = (namespace: string) => (namespace ? `${STREAM_NAME}_${namespace.replace(/[^A-Za-z0-9_-]/g, '_')}` : STREAM_NAME)

/** The one stream every event goes through; a 2-minute duplicate window makes outbox re-sends harmless. */
export async function ensureStream(nc: NatsConnection, namespace = ''): Promise<void> {
  const jsm = await jetstreamManager(nc)
  const name = streamIn(namespace)
  const config = { name, subjects: STREAM_SUBJECTS.map((s) => subjectIn(namespace, s)), duplicate_window: 120_000_000_000 }
  try {
    await jsm.streams.info(name)
    await jsm.streams.update(name, config)
  } catch {
    await jsm.streams.add(config)
  }
}
