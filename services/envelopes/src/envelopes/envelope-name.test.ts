import t from 'tap'
import { envelopeNameFromFilename } from './envelope-name.js'

t.test('names come from the filename without .zip', async (t) => {
  t.equal(envelopeNameFromFilename('febrl2_2026-11.zip'), 'febrl2_2026-11')
  t.equal(envelopeNameFromFilename('upload.ZIP'), 'upload')
  t.equal(envelopeNameFromFilename('no-extension'), 'no-extension')
})

t.test('paths and unsafe names are refused or reduced to their last segment', async (t) => {
  t.equal(envelopeNameFromFilename('../../etc/passwd'), 'passwd')
  t.equal(envelopeNameFromFilename('C:\\temp\\batch.zip'), 'batch')
  t.equal(envelopeNameFromFilename('..'), null)
  t.equal(envelopeNameFromFilename('.hidden.zip'), null)
  t.equal(envelopeNameFromFilename('batch...zip'), null, 'a trailing .. would read as a parent reference')
  t.equal(envelopeNameFromFilename('batch.2026.zip'), 'batch.2026')
  t.equal(envelopeNameFromFilename('has space.zip'), null)
  t.equal(envelopeNameFromFilename(''), null)
  t.equal(envelopeNameFromFilename(undefined), null)
  t.equal(envelopeNameFromFilename('x'.repeat(201) + '.zip'), null)
})
