import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { Value } from '@sinclair/typebox/value'
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import { Events } from '@ligature/contracts'
import { streamIn, subjectIn } from '@ligature/service-kit'
import type { DispatcherDeps } from './dispatcher.js'
import { workflowId } from './workflow-ids.js'

const deletions = {
  eventTypeDeleted: { workflow: 'deleteEventTypeWorkflow', id: (id: number) => `delete-eventtype:${id}`, what: 'Event type' },
  dataProviderDeleted: { workflow: 'deleteDataProviderWorkflow', id: (id: number) => `delete-dataprovider:${id}`, what: 'Data provider' },
} as const

/**
 * Turns the registry's `eventTypeDeleted` / `dataProviderDeleted` events into deletion workflows. The workflow
 * id is the business id, so a redelivered event (or a second DELETE while the job runs) starts nothing new.
 */
export async function startDeletionDispatcher({ nc, client, taskQueue, namespace, log }: DispatcherDeps): Promise<{ stop: () => Promise<void> }> {
  const stream = streamIn(namespace)
  const jsm = await jetstreamManager(nc)
  const running = await Promise.all((Object.keys(deletions) as (keyof typeof deletions)[]).map(async (name) => {
    const spec = deletions[name]
    const durable = `${name}-dispatcher${namespace ? `-${namespace}` : ''}`.replace(/[^A-Za-z0-9_-]/g, '_')
    await jsm.consumers.add(stream, {
      durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All,
      filter_subject: subjectIn(namespace, Events[name].subject), ack_wait: 30_000_000_000, max_deliver: -1,
    })
    const messages = await (await jetstream(nc).consumers.get(stream, durable)).consume({ max_messages: 16 })
    const done = (async () => {
      for await (const msg of messages) {
        const event = msg.json<unknown>()
        if (!Value.Check(Events[name].schema, event)) {
          log.error({ subject: msg.subject }, 'deletion dispatcher: malformed event dropped')
          msg.term()
          continue
        }
        const { id, code } = event.data
        try {
          await client.workflow.start(spec.workflow, {
            taskQueue, workflowId: workflowId(namespace, spec.id(id)), workflowIdReusePolicy: 'REJECT_DUPLICATE', args: [{ id, code }], staticSummary: `${spec.what} ${code} (${id}): deletion`,
          })
          msg.ack()
        } catch (err) {
          if (err instanceof WorkflowExecutionAlreadyStartedError) msg.ack()
          else { log.warn({ err: { message: (err as Error).message } }, 'deletion dispatcher: start failed, will retry'); msg.nak(5_000) }
        }
      }
    })()
    return { messages, done }
  }))
  return { stop: async () => { for (const r of running) { await r.messages.close(); await r.done } } }
}
