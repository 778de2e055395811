import type { TSchema } from '@sinclair/typebox'
import { ErrorSchema } from './common.js'
import { Errors } from './errors.js'
import { routeTable, toOpenApiPath, type RouteDef } from './routes/index.js'

export const API_VERSION = '3.3'
export const SUPPORTED_API_VERSIONS = ['3.3'] as const

type Json = Record<string, unknown>

/** Replaces every nested schema carrying `$id` by a `$ref` to a component, so Stoplight shows named models. */
function collect(schema: unknown, components: Record<string, Json>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => collect(s, components))
  if (schema === null || typeof schema !== 'object') return schema
  const src = JSON.parse(JSON.stringify(schema)) as Json
  const id = typeof src.$id === 'string' ? src.$id : undefined
  const body: Json = {}
  for (const [k, v] of Object.entries(src)) if (k !== '$id') body[k] = collect(v, components)
  if (id) {
    components[id] ??= body
    return { $ref: `#/components/schemas/${id}` }
  }
  return body
}

const errorResponse = (description: string) => ({
  description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

function operation(route: RouteDef, components: Record<string, Json>) {
  const parameters: Json[] = []
  for (const [where, schema] of [['path', route.params], ['query', route.querystring]] as const) {
    const props = (schema as { properties?: Record<string, TSchema> } | undefined)?.properties ?? {}
    const required = new Set((schema as { required?: string[] } | undefined)?.required ?? [])
    for (const [name, s] of Object.entries(props)) {
      parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: collect(s, components) })
    }
  }
  const responses: Json = {}
  const ok = route.successStatus
  if (route.produces) responses[ok] = { description: 'File', content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } } }
  else if (route.response) responses[ok] = { description: 'Success', content: { 'application/json': { schema: collect(route.response, components) } } }
  else responses[ok] = { description: ok === 202 ? 'Accepted' : 'No content' }
  if (route.body || route.multipart || route.params || route.querystring) responses[400] = errorResponse(Errors[route.badRequest ?? 'invalidRequest'].message)
  responses[401] = errorResponse(Errors.unauthorized.message)
  if (route.resource) responses[404] = errorResponse(`${route.resource} resource can not be found.`)
  if (route.body) responses[413] = errorResponse(Errors.bodyTooLarge.message)
  for (const key of route.errors ?? []) {
    const e = Errors[key]
    responses[e.status] = responses[e.status] && e.status !== 304 ? responses[e.status] : errorResponse(e.message)
  }
  const op: Json = { operationId: route.id, summary: route.summary, tags: [route.tag], parameters, responses, 'x-ligature-role': route.role }
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: collect(route.body, components) } } }
  if (route.multipart) {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'The envelope zip; its filename names the envelope.' } } } } },
    }
  }
  return op
}

/** The OpenAPI 3.1 document of REST API v3.3, generated from the route table (the single source). */
export function buildOpenApiDocument(serverUrl = '/api/v3.3') {
  const components: Record<string, Json> = {}
  collect(ErrorSchema, components)
  const paths: Record<string, Json> = {}
  for (const route of routeTable) {
    const p = toOpenApiPath(route.path)
    paths[p] ??= {}
    paths[p][route.method.toLowerCase()] = operation(route, components)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ligature API',
      version: API_VERSION,
      description: 'REST API of the Ligature record-linkage platform. Every call needs `Authorization: Bearer <token>`.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths,
    components: { schemas: components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  }
}
