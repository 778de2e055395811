import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream'
import { Value } from '@sinclair/typebox/value'
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client'
import { Events } from '@ligature/contracts'
import { streamIn, subjectIn } from '@ligature/service-kit'
import type { DispatcherDeps } from './dispatcher.js'
import { workflowId } from './workflow-ids.js'

/** Linkage and bulk-load requests from the envelopes service become workflows named by their business ids. */
const requests = {
  linkageRequested: (d: { linkageId: number; projectCode: string; name: string; linkageSources: unknown[] }) =>
    ({ workflow: 'linkageWorkflow', id: `linkage:${d.projectCode}:${d.linkageId}`, args: [d], summary: `Linkage ${d.name}` }),
  bulkLoadRequested: (d: { workflowId: number; projectCode: string; name: string }) =>
    ({ workflow: 'bulkLoadWorkflow', id: `bulkload:${d.projectCode}:${d.workflowId}`, args: [d], summary: `Bulk load ${d.name}` }),
} as const

export async function startRequestDispatcher({ nc, client, taskQueue, namespace, log }: DispatcherDeps): Promise<{ stop: () => Promise<void> }> {
  const stream = streamIn(namespace)
  const jsm = await jetstreamManager(nc)
  const running = await Promise.all((Object.keys(requests) as (keyof typeof requests)[]).map(async (name) => {
    const durable = `${name}-dispatcher${namespace ? `-${namespace}` : ''}`.replace(/[^A-Za-z0-9_-]/g, '_')
    await jsm.consumers.add(stream, {
      durable_name: durable, ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All,
      filter_subject: subjectIn(namespace, Events[name].subject), ack_wait: 30_000_000_000, max_deliver: -1,
    })
    const messages = await (await jetstream(nc).consumers.get(stream, durable)).consume({ max_messages: 16 })
    const done = (async () => {
      for await (const msg of messages) {
        const event = msg.json<unknown>()
        if (!Value.Check(Events[name].schema, event)) { log.error({ subject: msg.subject }, 'request dispatcher: malformed event dropped'); msg.term(); continue }
        const spec = requests[name](event.data as never)
        try {
          await client.workflow.start(spec.workflow, {
            taskQueue, workflowId: workflowId(namespace, spec.id), workflowIdReusePolicy: 'REJECT_DUPLICATE', args: spec.args as never, staticSummary: spec.summary,
          })
          msg.ack()
        } catch (err) {
          if (err instanceof WorkflowExecutionAlreadyStartedError) msg.ack()
          else { log.warn({ err: { message: (err as Error).message } }, 'request dispatcher: start failed, will retry'); msg.nak(5_000) }
        }
      }
    })()
    return { messages, done }
  }))
  return { stop: async () => { for (const r of running) { await r.messages.close(); await r.done } } }
}
