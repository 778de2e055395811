import { Type, type Static } from '@sinclair/typebox'
import { Audit, IntId, Nullable, Str } from '../common.js'

export const ImportFormatColumnSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    name: Str(1, 50),
    linkageField: Type.String({ maxLength: 50, description: 'Blank for auxiliary fields.' }),
    index: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'One-based; delimited formats.' }))),
    startPosition: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'One-based; fixed width.' }))),
    endPosition: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'One-based, inclusive.' }))),
    format: Type.Optional(Nullable(Str(0, 255))),
  },
  { $id: 'ImportFormatColumn', additionalProperties: false },
)

const fields = {
  name: Str(1, 200),
  columnType: Type.Integer({ minimum: 0, maximum: 3, description: '0 Unknown, 1 FixedWidth, 2 DelimitedByIndex, 3 DelimitedByName' }),
  columns: Type.Array(ImportFormatColumnSchema),
}

export const ImportFormatSchema = Type.Object(
  { id: IntId, ...fields, columnTypeName: Type.String(), ...Audit },
  { $id: 'ImportFormat', additionalProperties: false },
)
export const ImportFormatInputSchema = Type.Object(
  { id: Type.Optional(Type.Integer()), ...fields, columnTypeName: Type.Optional(Type.String()), ...Audit },
  { $id: 'ImportFormatInput', additionalProperties: false },
)
export type ImportFormatColumn = Static<typeof ImportFormatColumnSchema>
export type ImportFormat = Static<typeof ImportFormatSchema>
export type ImportFormatInput = Static<typeof ImportFormatInputSchema>
