import t from 'tap'
import { routeTable } from '@ligature/contracts'
import { locationFor } from './location.js'

const route = (id: string) => routeTable.find((r) => r.id === id)!

t.test('a created item is named by the GET route one level below', async (t) => {
  t.equal(locationFor(route('createDataProvider'), routeTable)!({}, { id: 4, code: 'X' }), '/dataproviders/4')
  t.equal(locationFor(route('createWeightCurve'), routeTable)!({ id: 'CORE' }, { weightCurveId: 7 }), '/projects/CORE/matchconfig/weightcurves/7')
  t.equal(locationFor(route('createMatchStrategy'), routeTable)!({ id: 'A B' }, { id: 3 }), '/projects/A%20B/matchconfig/strategies/3')
  t.equal(locationFor(route('uploadEnvelope'), routeTable)!({}, { name: 'batch-1' }), '/envelopes/batch-1')
  t.equal(locationFor(route('bulkLoad'), routeTable)!({}, { id: 12 }), '/workflows/12', 'the model it answers')
  t.equal(locationFor(route('createDataProvider'), routeTable)!({}, {}), null, 'nothing to name')
})

t.test('calls that create nothing addressable, or answer otherwise, have none', async (t) => {
  t.equal(locationFor(route('getDataProvider'), routeTable), null)
  t.equal(locationFor(route('updateDataProvider'), routeTable), null)
})
