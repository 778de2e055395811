import { Type, type Static } from '@sinclair/typebox'
import { Audit, IntId, Nullable, OutputOnly, Str } from '../common.js'

export const DataSourceSettingSchema = Type.Object(
  {
    name: Str(1, 200),
    dataType: Type.Optional(Nullable(Str(0, 200))),
    value: Str(1, 4000, { description: 'Returned as `********` when isSecret is true.' }),
    isSecret: Type.Boolean(),
  },
  { $id: 'DataSourceSetting', additionalProperties: false },
)

export const DataSourceSchema = Type.Object(
  {
    id: Type.Optional(Type.Integer()),
    dataSourceType: Str(1, 32, { description: 'DelimitedFile, TextFiles or PostgreSQL.' }),
    importFormatId: Type.Integer(),
    name: Str(1, 200),
    code: Type.Optional(Nullable(Str(0, 15))),
    settings: Type.Optional(Type.Array(DataSourceSettingSchema)),
  },
  { $id: 'DataSource', additionalProperties: false },
)

const fields = {
  dataProviderId: Type.Integer(),
  code: Str(1, 15),
  description: Str(1, 4000),
  isAuthoritative: Type.Boolean({ description: 'True means each record is a separate individual.' }),
  category: Str(1, 40),
  dataSources: Type.Optional(Type.Array(DataSourceSchema)),
}

export const EventTypeSchema = Type.Object(
  { id: IntId, ...fields, markedForDeletion: Type.Optional(Type.Boolean()), ...Audit },
  { $id: 'EventType', additionalProperties: false },
)
export const EventTypeInputSchema = Type.Object(
  { id: Type.Optional(Type.Integer()), ...fields, markedForDeletion: OutputOnly(Type.Boolean()), ...Audit },
  { $id: 'EventTypeInput', additionalProperties: false },
)
export type DataSourceSetting = Static<typeof DataSourceSettingSchema>
export type DataSource = Static<typeof DataSourceSchema>
export type EventType = Static<typeof EventTypeSchema>
export type EventTypeInput = Static<typeof EventTypeInputSchema>
