/** The registry service's internal API: what the deletion workflows and linkages read and remove. */
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema, Str } from '../common.js'
import { defineInternalRoutes } from './route.js'

/** A data source with its settings in clear (secrets opened): only the worker receives these, for a linkage. */
export const ResolvedDataSourceSchema = Type.Object({
  eventTypeId: Type.Integer(), isAuthoritative: Type.Boolean(), dataSourceType: Type.String(), importFormatId: Type.Integer(),
  settings: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }, { additionalProperties: false })),
}, { additionalProperties: false })
export type ResolvedDataSource = Static<typeof ResolvedDataSourceSchema>

export const DataSourceParamsSchema = Type.Object({ code: Str(1, 15), dataSourceCode: Str(1, 15) }, { additionalProperties: false })

export const RegistryInternal = defineInternalRoutes({
  /** The event types a provider's deletion job must end-date. */
  providerEventTypes: {
    method: 'GET', path: '/internal/dataproviders/:id/eventtypes', params: IdParamsSchema,
    response: Type.Object({ eventTypeIds: Type.Array(Type.Integer()) }, { additionalProperties: false }),
  },
  /** Final removal of an event type marked for deletion (409 when not marked). */
  removeEventType: { method: 'DELETE', path: '/internal/eventtypes/:id', params: IdParamsSchema },
  /** Final removal of a data provider marked for deletion, with its event types. */
  removeDataProvider: { method: 'DELETE', path: '/internal/dataproviders/:id', params: IdParamsSchema },
  /** A data source of an event type, by codes, with its secret settings opened. */
  dataSource: {
    method: 'GET', path: '/internal/eventtypes/by-code/:code/datasources/:dataSourceCode', params: DataSourceParamsSchema,
    response: ResolvedDataSourceSchema,
  },
})
