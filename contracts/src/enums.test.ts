import t from 'tap'
import { EnvelopeStatus, ExtractionStatus, EXTRACTION_STATUS_SCHEMA_MAX, enumName, RequestTypes, EnvelopeType } from './enums.js'

t.test('enum names follow spec section 4', async (t) => {
  t.equal(enumName(EnvelopeStatus, 1), 'Pending')
  t.equal(enumName(EnvelopeStatus, 4), 'Complete')
  t.equal(enumName(EnvelopeStatus, 99), 'Unknown')
})

t.test('both readings of the extraction status are kept', async (t) => {
  t.equal(ExtractionStatus.Complete, 4, 'call descriptions: 0-4')
  t.equal(EXTRACTION_STATUS_SCHEMA_MAX, 3, 'schema: 0-3')
})

t.test('every request type maps to a non-unknown envelope type', async (t) => {
  t.same([...new Set(Object.values(RequestTypes))].sort(), [1, 2, 3, 4, 5])
  t.equal(RequestTypes.SubmitLinkage, EnvelopeType.Linkage)
  t.equal(RequestTypes.SubmitFastLoad, EnvelopeType.Linkage, 'a fast load is a linkage envelope')
})
