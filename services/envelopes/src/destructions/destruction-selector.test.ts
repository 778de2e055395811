import t from 'tap'
import { destructionSelector } from './destruction-selector.js'

t.test('exactly one selector', async (t) => {
  t.same(destructionSelector({ reason: 'r', envelopeName: 'e1' }), { kind: 'envelope', envelopeName: 'e1' })
  t.same(destructionSelector({ reason: 'r', eventTypeCode: 'ADM' }), { kind: 'eventType', eventTypeCode: 'ADM', sourceUniqueIds: null })
  t.same(destructionSelector({ reason: 'r', eventTypeCode: 'ADM', sourceUniqueIds: ['a', 'b', 'a'] }),
    { kind: 'eventType', eventTypeCode: 'ADM', sourceUniqueIds: ['a', 'b'] }, 'each id once')
})

t.test('any other combination names the field', async (t) => {
  t.same(destructionSelector({ reason: 'r' }), { path: '', message: 'Name the records: envelopeName, eventTypeCode, or eventTypeCode with sourceUniqueIds.' })
  t.match(destructionSelector({ reason: 'r', envelopeName: 'e', eventTypeCode: 'ADM' }), { path: '/eventTypeCode' })
  t.match(destructionSelector({ reason: 'r', envelopeName: 'e', sourceUniqueIds: ['a'] }), { path: '/sourceUniqueIds' })
  t.match(destructionSelector({ reason: 'r', sourceUniqueIds: ['a'] }), { path: '/eventTypeCode' })
})
