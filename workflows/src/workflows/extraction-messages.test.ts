import t from 'tap'
import { extractionMessage, extractionStats } from './extraction-messages.js'

const base = { eventTypeCode: 'HMDS', extractionProjectId: 'E2026110001', enduring: false, rows: 3, listedIds: null, unknownIds: 0, unknownSample: [], resultName: 'r.zip' }

t.test('an extraction of the whole map reports its rows and key kind', async (t) => {
  t.same(extractionStats(base).map((s) => s.name), ['Records extracted', 'Person keys', 'Result'])
  t.equal(extractionMessage(base), 'Extraction of HMDS into E2026110001 complete: 3 records in r.zip.')
})

t.test('unknown ids of an id list are counted and named, never dropped silently', async (t) => {
  const o = { ...base, listedIds: 5, unknownIds: 3, unknownSample: ['a', 'b'] }
  t.match(extractionStats(o), [{ name: 'Records extracted' }, { name: 'Ids requested', value: '5' }, { name: 'Ids not found', value: '3' }])
  t.match(extractionMessage(o), /3 of the 5 requested Source Unique IDs are not in the linkage map .*: a, b and 1 more\./)
})
