import fc from 'fast-check'
import { hostileQuery, hostileRawBody, hostileSegment, hostileValue } from './hostile.js'
import { resolved, valueOf, type Components, type JsonSchema } from './schema-values.js'

/** One operation of the served OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  id: string
  method: string
  /** OpenAPI path template, e.g. `/projects/{id}/matchconfig`. */
  path: string
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema }[]
  jsonBody?: JsonSchema
  multipart: boolean
}

export interface FuzzRequest {
  op: string
  method: string
  /** Path and query as sent on the wire, relative to the API base. */
  url: string
  body?: Buffer
  contentType?: string
  /** What kind of input this is, for the failure report. */
  kind: string
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId: string; parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>
  components: { schemas: Components }
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({
    id: op.operationId, method: method.toUpperCase(), path, params: op.parameters ?? [],
    ...(op.requestBody?.content['application/json'] ? { jsonBody: op.requestBody.content['application/json'].schema } : {}),
    multipart: Boolean(op.requestBody?.content['multipart/form-data']),
  })))
}

/** Known values a seeded platform holds, so valid-shaped requests reach real rows too. */
export interface Known { integers: number[]; strings: string[] }

const enc = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))

/** A body that is the schema's shape, one field swapped for a hostile value, or extra/duplicated keys. */
const jsonBodies = (schema: JsonSchema, components: Components): fc.Arbitrary<{ kind: string; body: Buffer; contentType?: string }> => {
  const valid = valueOf(schema, components)
  const props = Object.keys(resolved(schema, components).properties ?? {})
  const mutated = fc.tuple(valid, fc.nat(), hostileValue).map(([v, i, bad]) => {
    const body = (typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v } : {}) as Record<string, unknown>
    const key = props.length ? props[i % props.length]! : `k${i}`
    body[i % 5 === 0 ? `extra${i}` : key] = bad
    return body
  })
  const json = (kind: string) => (v: unknown) => ({ kind, body: Buffer.from(JSON.stringify(v) ?? 'null') })
  return fc.oneof(
    { weight: 3, arbitrary: valid.map(json('valid body')) },
    { weight: 4, arbitrary: mutated.map(json('one hostile field')) },
    { weight: 1, arbitrary: hostileValue.map(json('hostile body')) },
    { weight: 3, arbitrary: hostileRawBody.map((b) => ({ kind: `raw body: ${b.label}`, body: b.body, ...(b.contentType ? { contentType: b.contentType } : {}) })) },
  )
}

/** Requests for one operation: valid-shaped and hostile path values, query strings and bodies. */
export function requestsFor(op: Operation, components: Components, known: Known): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path')
  const queryParams = op.params.filter((p) => p.in === 'query')
  const knownValue = (s: JsonSchema) => {
    const type = resolved(s, components).type
    return type === 'integer' ? fc.constantFrom(...known.integers) : fc.constantFrom(...known.strings, ...known.integers.map(String))
  }
  const segment = (p: Operation['params'][number]) => fc.oneof(
    { weight: 3, arbitrary: knownValue(p.schema).map(enc) },
    { weight: 2, arbitrary: valueOf(p.schema, components).map(enc) },
    { weight: 3, arbitrary: hostileSegment },
  )
  const segments = fc.tuple(...pathParams.map(segment))
  const validQuery = fc.tuple(...queryParams.map((p) => fc.option(valueOf(p.schema, components).map((v) => `${p.name}=${enc(v)}`), { nil: undefined })))
    .map((parts) => parts.filter((x) => x !== undefined).join('&'))
  const query = fc.oneof({ weight: 3, arbitrary: validQuery }, { weight: 1, arbitrary: hostileQuery })
  const body: fc.Arbitrary<{ kind: string; body?: Buffer; contentType?: string }> = op.jsonBody
    ? jsonBodies(op.jsonBody, components)
    : op.multipart
      ? fc.oneof(hostileRawBody.map((b) => ({ kind: `raw body: ${b.label}`, body: b.body, contentType: b.contentType ?? 'multipart/form-data; boundary=x' })), fc.constant({ kind: 'no file' }))
      : fc.oneof({ weight: 5, arbitrary: fc.constant({ kind: 'no body' }) }, { weight: 1, arbitrary: hostileRawBody.map((b) => ({ kind: `unexpected body: ${b.label}`, body: b.body })) })
  return fc.tuple(segments, query, body).map(([values, q, b]) => {
    let i = 0
    const path = op.path.replace(/\{[^}]+\}/g, () => values[i++]!)
    return {
      op: op.id, method: op.method, url: q ? `${path}?${q}` : path, kind: b.kind,
      ...(b.body ? { body: b.body, contentType: b.contentType ?? 'application/json' } : {}),
    }
  })
}
