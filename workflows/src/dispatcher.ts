import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { Value } from '@sinclair/typebox/value'
import { Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import { Events } from '@ligature/contracts'
import { streamIn, subjectIn } from '@ligature/service-kit'
import type { Logger } from 'pino'
import { startDeletionDispatcher } from './deletion-dispatcher.js'
import { workflowId } from './workflow-ids.js'
import { startRequestDispatcher } from './request-dispatcher.js'

export interface DispatcherDeps { nc: NatsConnection; client: Client; taskQueue: string; namespace: string; log: Logger }

/**
 * Turns `envelope received` events into envelope workflows. The workflow id is the business id
 * (`envelope:<name>`), so a redelivered event finds the workflow already started and is simply acked.
 */
export async function startDispatcher({ nc, client, taskQueue, namespace, log }: DispatcherDeps): Promise<{ stop: () => Promise<void> }> {
  const stream = streamIn(namespace)
  const durable = `envelope-dispatcher${namespace ? `-${namespace}` : ''}`.replace(/[^A-Za-z0-9_-]/g, '_')
  const jsm = await jetstreamManager(nc)
  await jsm.consumers.add(stream, {
    durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All,
    filter_subject: subjectIn(namespace, Events.envelopeReceived.subject), ack_wait: 30_000_000_000, max_deliver: -1,
  })
  const consumer = await jetstream(nc).consumers.get(stream, durable)
  const messages = await consumer.consume({ max_messages: 16 })
  const done = (async () => {
    for await (const msg of messages) {
      const event = msg.json<unknown>()
      if (!Value.Check(Events.envelopeReceived.schema, event)) {
        log.error({ subject: msg.subject }, 'dispatcher: malformed event dropped')
        msg.term()
        continue
      }
      try {
        await client.workflow.start('envelopeWorkflow', {
          taskQueue, workflowId: workflowId(namespace, `envelope:${event.data.name}`), workflowIdReusePolicy: 'REJECT_DUPLICATE',
          args: [{ name: event.data.name, inboxPath: event.data.inboxPath }],
          staticSummary: `Envelope ${event.data.displayName}`,
        })
        msg.ack()
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) msg.ack()
        else { log.warn({ err: { message: (err as Error).message } }, 'dispatcher: start failed, will retry'); msg.nak(5_000) }
      }
    }
  })()
  const deletions = await startDeletionDispatcher({ nc, client, taskQueue, namespace, log })
  const requests = await startRequestDispatcher({ nc, client, taskQueue, namespace, log })
  return { stop: async () => { await messages.close(); await done; await deletions.stop(); await requests.stop() } }
}
