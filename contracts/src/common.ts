import { Type, type TSchema, type Static } from '@sinclair/typebox'

/** A string of `min`..`max` characters (spec section 3 counts characters). */
export const Str = (min: number, max?: number, opts: Record<string, unknown> = {}) =>
  Type.String({ minLength: min, ...(max === undefined ? {} : { maxLength: max }), ...opts })

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** Opaque concurrency token: base64 of a byte string (the reference product's rowversion). */
export const VersionToken = Type.String({ format: 'byte', description: 'Opaque concurrency token; send back the value you read.' })

export const Audit = {
  lastModified: Type.Optional(Type.String({ format: 'date-time', description: 'Set by the server.' })),
  version: Type.Optional(Nullable(VersionToken)),
}

/**
 * A field the server sets: accepted on input so a body read with GET can be sent back with PUT, and
 * ignored (`readOnly` in the OpenAPI document).
 */
export const OutputOnly = <T extends TSchema>(schema: T) => Type.Optional({ ...schema, readOnly: true, description: 'Output only; ignored on input.' } as T)

export const IntId = Type.Integer({ minimum: 1, maximum: 2147483647 })

export const LIST_LIMIT_DEFAULT = 100
export const LIST_LIMIT_MAX = 1000

export const ListQuerySchema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_LIMIT_DEFAULT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
  },
  { additionalProperties: false },
)
export type ListQuery = Static<typeof ListQuerySchema>

export const IdParamsSchema = Type.Object({ id: IntId }, { additionalProperties: false })

export const ErrorSchema = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'Error', additionalProperties: false },
)
export type ErrorBody = Static<typeof ErrorSchema>

export const PropertySchema = Type.Object(
  { name: Str(1), value: Str(1) },
  { $id: 'Property', additionalProperties: false },
)
