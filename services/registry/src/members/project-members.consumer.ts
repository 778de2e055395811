import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { Value } from '@sinclair/typebox/value'
import type { Kysely } from 'kysely'
import type { FastifyBaseLogger } from 'fastify'
import { Events } from '@ligature/contracts'
import { streamIn, subjectIn } from '@ligature/service-kit'
import type { RegistryDb } from '../db.js'
import { applyProjectMembers } from './project-members.repository.js'

export interface MembersConsumerDeps { db: Kysely<RegistryDb>; nc: NatsConnection; namespace: string; log: FastifyBaseLogger }

/**
 * Keeps `project_members` (who may see which registry items) in step with the projects service's
 * `projectMembersChanged` events. A durable consumer: events published while the registry was down are
 * applied when it starts; a failed apply is retried.
 */
export async function startProjectMembersConsumer({ db, nc, namespace, log }: MembersConsumerDeps): Promise<{ stop: () => Promise<void> }> {
  const stream = streamIn(namespace)
  const durable = `registry-project-members${namespace ? `-${namespace}` : ''}`.replace(/[^A-Za-z0-9_-]/g, '_')
  const jsm = await jetstreamManager(nc)
  await jsm.consumers.add(stream, {
    durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All,
    filter_subject: subjectIn(namespace, Events.projectMembersChanged.subject), ack_wait: 30_000_000_000, max_deliver: -1,
  })
  const consumer = await jetstream(nc).consumers.get(stream, durable)
  const messages = await consumer.consume({ max_messages: 16 })
  const done = (async () => {
    for await (const msg of messages) {
      let event: unknown
      try { event = msg.json<unknown>() } catch { event = undefined }
      if (!Value.Check(Events.projectMembersChanged.schema, event)) {
        log.error({ subject: msg.subject }, 'project members: malformed event dropped')
        msg.term()
        continue
      }
      try {
        await applyProjectMembers(db, event.data, new Date(event.occurredAt))
        msg.ack()
      } catch (err) {
        log.warn({ err: { message: (err as Error).message } }, 'project members: apply failed, will retry')
        msg.nak(5_000)
      }
    }
  })()
  return { stop: async () => { await messages.close(); await done } }
}
