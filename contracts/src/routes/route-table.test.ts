import t from 'tap'
import { routeTable, toOpenApiPath } from './index.js'

// Spec section 7, call by call: a call missing here, or one the spec does not have, fails this test.
const spec7 = `
GET /dataproviders|POST /dataproviders|GET /dataproviders/{id}|PUT /dataproviders/{id}|DELETE /dataproviders/{id}|GET /dataproviders/{id}/eventtypes
GET /envelopes|POST /envelopes|GET /envelopes/{name}|GET /envelopes/{name}/extractions|GET /envelopes/{name}/notifications|GET /envelopes/{name}/jobs
GET /eventtypes|POST /eventtypes|GET /eventtypes/{id}|PUT /eventtypes/{id}|DELETE /eventtypes/{id}
GET /extractionprojects|POST /extractionprojects|GET /extractionprojects/{id}|GET /extractionprojects/{id}/extractions
GET /extractions|POST /extractions|GET /extractions/{id}|GET /extractions/{id}/results
GET /importformats|POST /importformats|GET /importformats/{id}|PUT /importformats/{id}|DELETE /importformats/{id}
GET /jobs|GET /jobs/{id}
GET /linkages|POST /linkages|GET /linkages/{id}|POST /linkages/bulkload
GET /matchproviders|GET /matchproviders/{providerName}|GET /matchproviders/{providerName}/fields|GET /matchproviders/{providerName}/comparisontypes
GET /notifications/{id}|GET /notifications/{id}/download
GET /projects|POST /projects|GET /projects/{id}|PUT /projects/{id}|DELETE /projects/{id}|GET /projects/{id}/envelopes|GET /projects/{id}/extractionprojects|GET /projects/{id}/matchconfig|GET /projects/{id}/linkagefields|GET /projects/{id}/projectdefinitionfile/{eventTypeCode}
GET /projects/{id}/matchconfig/weightcurves|POST /projects/{id}/matchconfig/weightcurves|GET /projects/{id}/matchconfig/weightcurves/{weightCurveId}|PUT /projects/{id}/matchconfig/weightcurves/{weightCurveId}|DELETE /projects/{id}/matchconfig/weightcurves/{weightCurveId}
GET /projects/{id}/matchconfig/strategies|POST /projects/{id}/matchconfig/strategies|GET /projects/{id}/matchconfig/strategies/{strategyId}|PUT /projects/{id}/matchconfig/strategies/{strategyId}|DELETE /projects/{id}/matchconfig/strategies/{strategyId}
GET /results|GET /results/{id}|DELETE /results/{id}|GET /results/{id}/download
GET /workflows|GET /workflows/{id}`.trim().split(/[|\n]/)

t.test('the route table holds exactly the calls of spec section 7', async (t) => {
  const ours = routeTable.filter((r) => !r.beyondSpec).map((r) => `${r.method} ${toOpenApiPath(r.path)}`)
  t.same([...ours].sort(), [...spec7].sort())
  t.equal(new Set(routeTable.map((r) => r.id)).size, routeTable.length, 'operation ids are unique')
})

// Ligature's documented additions (DECISIONS.md, "Calls beyond the spec"): a new one must be named here too.
const additions = ['GET /projects/{id}/extractionsettings', 'PUT /projects/{id}/extractionsettings', 'POST /projects/{id}/rollback',
  'POST /projects/{id}/recorddestructions', 'GET /projects/{id}/recorddestructions',
  'GET /estimates', 'GET /estimates/{id}', 'GET /estimates/{id}/download',
  'GET /clericalreviews', 'GET /clericalreviews/{id}', 'GET /clericalreviews/{id}/download', 'POST /projects/{id}/matchconfig/strategies/{strategyId}/estimates/{estimateId}/apply',
  'GET /projects/{id}/keylineage']

t.test('calls beyond the spec are exactly the documented additions', async (t) => {
  t.same(routeTable.filter((r) => r.beyondSpec).map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort(), [...additions].sort())
})

t.test('success codes follow the spec: 200 reads, 201 creates, 202 event type deletion, 204 updates and deletes', async (t) => {
  for (const r of routeTable) {
    const expected = r.method === 'GET' ? 200 : r.method === 'POST' ? 201 : r.id === 'deleteEventType' ? 202 : 204
    t.equal(r.successStatus, expected, r.id)
  }
})

t.test('every list call takes limit and offset', async (t) => {
  for (const r of routeTable.filter((r) => r.method === 'GET' && r.response && (r.response as { type?: string }).type === 'array')) {
    const props = (r.querystring as { properties?: Record<string, unknown> } | undefined)?.properties ?? {}
    t.ok('limit' in props && 'offset' in props, r.id)
  }
})
