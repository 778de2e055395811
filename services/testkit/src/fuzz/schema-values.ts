import fc from 'fast-check'

/** The JSON Schema subset TypeBox emits into the OpenAPI document. */
export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  const?: unknown
  enum?: unknown[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  default?: unknown
}

export type Components = Record<string, JsonSchema>

const resolve = (schema: JsonSchema, components: Components): JsonSchema => {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const target = components[name]
  if (!target) throw new Error(`unknown schema ${schema.$ref}`)
  return resolve(target, components)
}

const formatted: Record<string, fc.Arbitrary<string>> = {
  'date-time': fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  date: fc.date({ min: new Date('1900-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  email: fc.constantFrom('custodian@health.example.org', 'a@example.org'),
  byte: fc.uint8Array({ minLength: 8, maxLength: 8 }).map((b) => Buffer.from(b).toString('base64')),
  uri: fc.constantFrom('https://example.org/x', 'postgres://db.example.org/x'),
}

const stringOf = (s: JsonSchema): fc.Arbitrary<string> => {
  if (s.format && formatted[s.format]) return formatted[s.format]!
  const minLength = s.minLength ?? 0
  const maxLength = Math.min(s.maxLength ?? 24, Math.max(minLength, 24))
  if (s.pattern) {
    return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity))
  }
  return fc.string({ unit: 'grapheme-ascii', minLength, maxLength })
}

const numberOf = (s: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : integer ? -1000 : -1000)
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : min + 10_000)
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

/**
 * Values that satisfy a schema (best effort: formats and patterns as far as fast-check can follow them).
 * `depth` stops recursive models from growing without bound.
 */
export function valueOf(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, components)
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((a) => valueOf(a, components, depth + 1)))
  if (s.allOf) return valueOf(Object.assign({}, ...s.allOf.map((a) => resolve(a, components))), components, depth)
  const type = Array.isArray(s.type) ? s.type[0] : s.type
  switch (type) {
    case 'string': return stringOf(s)
    case 'integer': return numberOf(s, true)
    case 'number': return numberOf(s, false)
    case 'boolean': return fc.boolean()
    case 'null': return fc.constant(null)
    case 'array': {
      const minLength = s.minItems ?? 0
      const maxLength = depth > 3 ? minLength : Math.max(minLength, Math.min(s.maxItems ?? 3, 3))
      return fc.array(valueOf(s.items ?? {}, components, depth + 1), { minLength, maxLength })
    }
    case 'object': {
      const props = s.properties ?? {}
      const required = new Set(s.required ?? [])
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [k, v] of Object.entries(props)) record[k] = valueOf(v, components, depth + 1)
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in props) })
    }
    default: return fc.jsonValue({ maxDepth: 2 })
  }
}

/** The schema with `$ref`s followed, for callers that need its keywords. */
export const resolved = resolve
