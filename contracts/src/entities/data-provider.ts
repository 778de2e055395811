import { Type, type Static } from '@sinclair/typebox'
import { Audit, IntId, Nullable, OutputOnly, Str } from '../common.js'

const fields = {
  code: Str(1, 15),
  organisation: Str(1, 100),
  contactName: Str(1, 100),
  email: Str(1, 320),
  phone: Type.Optional(Nullable(Str(0, 20))),
}

export const DataProviderSchema = Type.Object(
  { id: IntId, ...fields, markedForDeletion: Type.Optional(Type.Boolean()), ...Audit },
  { $id: 'DataProvider', additionalProperties: false },
)
/** Create and update bodies: `id` may be echoed back but is never taken from the body. */
export const DataProviderInputSchema = Type.Object(
  { id: Type.Optional(Type.Integer()), ...fields, markedForDeletion: OutputOnly(Type.Boolean()), ...Audit },
  { $id: 'DataProviderInput', additionalProperties: false },
)
export type DataProvider = Static<typeof DataProviderSchema>
export type DataProviderInput = Static<typeof DataProviderInputSchema>
