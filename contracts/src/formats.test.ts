import t from 'tap'
import { Value } from '@sinclair/typebox/value'
import { Events } from './index.js'

t.test('event payloads with date-time pass TypeBox checks, bad ones do not', async (t) => {
  const event = { type: Events.envelopeReceived.subject, version: 1, occurredAt: new Date().toISOString(), data: { name: 'a', displayName: 'a.zip', inboxPath: '/x/a.zip', sizeBytes: 3 } }
  t.ok(Value.Check(Events.envelopeReceived.schema, event))
  t.notOk(Value.Check(Events.envelopeReceived.schema, { ...event, occurredAt: 'yesterday' }))
  t.notOk(Value.Check(Events.envelopeReceived.schema, { ...event, data: { ...event.data, extra: 1 } }))
})
