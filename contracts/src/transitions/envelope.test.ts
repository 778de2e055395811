import t from 'tap'
import { EnvelopeStatus } from '../enums.js'
import { initialEnvelopeState, isFinalEnvelopeStatus, transitionEnvelope, IllegalTransition } from './envelope.js'

t.test('the happy path goes Pending → Processing → Complete', async (t) => {
  const started = transitionEnvelope(initialEnvelopeState(), { kind: 'start' })
  t.equal(started.status, EnvelopeStatus.Processing)
  t.equal(transitionEnvelope(started, { kind: 'complete' }).status, EnvelopeStatus.Complete)
})

t.test('failure keeps its reason, from Pending or Processing', async (t) => {
  const failed = transitionEnvelope(initialEnvelopeState(), { kind: 'fail', reason: 'not a zip' })
  t.same(failed, { status: EnvelopeStatus.Failed, failureReason: 'not a zip' })
  t.equal(transitionEnvelope({ status: EnvelopeStatus.Processing }, { kind: 'fail', reason: 'x' }).status, EnvelopeStatus.Failed)
})

t.test('final states accept nothing, and Pending cannot complete', async (t) => {
  t.throws(() => transitionEnvelope({ status: EnvelopeStatus.Complete }, { kind: 'start' }), IllegalTransition)
  t.throws(() => transitionEnvelope({ status: EnvelopeStatus.Failed }, { kind: 'fail', reason: 'again' }), IllegalTransition)
  t.throws(() => transitionEnvelope(initialEnvelopeState(), { kind: 'complete' }), IllegalTransition)
  t.ok(isFinalEnvelopeStatus(EnvelopeStatus.Failed))
  t.notOk(isFinalEnvelopeStatus(EnvelopeStatus.Processing))
})
