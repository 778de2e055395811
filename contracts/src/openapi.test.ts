import t from 'tap'
import { buildOpenApiDocument } from './openapi.js'
import { routeTable } from './routes/index.js'

t.test('the OpenAPI document lists every call with its schemas', async (t) => {
  const doc = buildOpenApiDocument()
  t.equal(doc.openapi, '3.1.0')
  const ops = Object.values(doc.paths).flatMap((p) => Object.values(p as Record<string, { operationId: string }>)).map((o) => o.operationId)
  t.same(ops.sort(), routeTable.map((r) => r.id).sort())
  for (const name of ['DataProvider', 'EventType', 'Envelope', 'MatchStrategy', 'WeightCurve', 'BulkLinkage', 'Workflow', 'Error']) {
    t.ok(doc.components.schemas[name], `component ${name}`)
  }
  const text = JSON.stringify(doc)
  t.notMatch(text, /"\$id"/, 'nested $id are replaced by $ref')
  const refs = [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!)
  for (const ref of new Set(refs)) t.ok(doc.components.schemas[ref], `$ref ${ref} resolves`)
})

t.test('catalogue errors appear on the calls that raise them', async (t) => {
  const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> }
  t.equal(doc.paths['/eventtypes']!.post!.responses['400']!.description, 'Unable to create event type.')
  t.equal(doc.paths['/projects']!.post!.responses['409']!.description, 'Linkage project code is already used.')
  t.equal(doc.paths['/dataproviders/{id}']!.get!.responses['404']!.description, 'Data provider resource can not be found.')
  t.equal(doc.paths['/eventtypes/{id}']!.delete!.responses['202']!.description, 'Accepted')
})
