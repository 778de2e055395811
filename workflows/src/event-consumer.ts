import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream'
import type { NatsConnection } from '@nats-io/transport-node'
import { Value } from '@sinclair/typebox/value'
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client'
import { Events, type EventData, type EventName } from '@ligature/contracts'
import { streamIn, subjectIn } from '@ligature/service-kit'
import type { Logger } from 'pino'
import { workflowId } from './workflow-ids.js'

export interface ConsumerDeps { nc: NatsConnection; client: Client; taskQueue: string; namespace: string; log: Logger }
export interface WorkflowStart { workflow: string; businessId: string; args: unknown[]; summary: string }

/**
 * One durable JetStream consumer that turns each valid event into a workflow named by its business id. A
 * redelivered event finds the workflow already started and is acked; malformed events are dropped (term);
 * a start that fails for another reason is retried after 5 s.
 */
export async function startWorkflowConsumer<K extends EventName>(deps: ConsumerDeps, event: K, toStart: (data: EventData<K>, sequence: number) => WorkflowStart): Promise<{ stop: () => Promise<void> }> {
  const { nc, client, taskQueue, namespace, log } = deps
  const stream = streamIn(namespace)
  const durable = `${event}-dispatcher${namespace ? `-${namespace}` : ''}`.replace(/[^A-Za-z0-9_-]/g, '_')
  await (await jetstreamManager(nc)).consumers.add(stream, {
    durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All,
    filter_subject: subjectIn(namespace, Events[event].subject), ack_wait: 30_000_000_000, max_deliver: -1,
  })
  const messages = await (await jetstream(nc).consumers.get(stream, durable)).consume({ max_messages: 16 })
  const done = (async () => {
    for await (const msg of messages) {
      const payload = msg.json<unknown>()
      if (!Value.Check(Events[event].schema, payload)) {
        log.error({ subject: msg.subject }, 'dispatcher: malformed event dropped')
        msg.term()
        continue
      }
      const start = toStart((payload as { data: EventData<K> }).data, msg.seq)
      try {
        await client.workflow.start(start.workflow, {
          taskQueue, workflowId: workflowId(namespace, start.businessId), workflowIdReusePolicy: 'REJECT_DUPLICATE',
          args: start.args, staticSummary: start.summary,
        })
        msg.ack()
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) msg.ack()
        else { log.warn({ err: { message: (err as Error).message }, event }, 'dispatcher: start failed, will retry'); msg.nak(5_000) }
      }
    }
  })()
  return { stop: async () => { await messages.close(); await done } }
}
