import { Type } from '@sinclair/typebox'
import { IdParamsSchema, ListQuerySchema } from '../common.js'
import { DataProviderInputSchema, DataProviderSchema } from '../entities/data-provider.js'
import { EventTypeInputSchema, EventTypeSchema } from '../entities/event-type.js'
import { ImportFormatInputSchema, ImportFormatSchema } from '../entities/import-format.js'
import { defineRoutes } from './route-def.js'

const svc = 'registry' as const

export const registryRoutes = defineRoutes([
  { id: 'listDataProviders', method: 'GET', path: '/dataproviders', service: svc, tag: 'Data providers', summary: 'List data providers', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(DataProviderSchema) },
  { id: 'createDataProvider', method: 'POST', path: '/dataproviders', service: svc, tag: 'Data providers', summary: 'Create a data provider', role: 'admin', body: DataProviderInputSchema, successStatus: 201, response: DataProviderSchema, badRequest: 'invalidRequest', errors: ['dataProviderCodeUsed'] },
  { id: 'getDataProvider', method: 'GET', path: '/dataproviders/:id', service: svc, tag: 'Data providers', summary: 'Get a data provider', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: DataProviderSchema, resource: 'Data provider' },
  { id: 'updateDataProvider', method: 'PUT', path: '/dataproviders/:id', service: svc, tag: 'Data providers', summary: 'Update a data provider', role: 'admin', params: IdParamsSchema, body: DataProviderInputSchema, successStatus: 204, badRequest: 'unparseableBody', resource: 'Data provider', errors: ['staleVersion', 'dataProviderCodeUsed'] },
  { id: 'deleteDataProvider', method: 'DELETE', path: '/dataproviders/:id', service: svc, tag: 'Data providers', summary: 'Mark a data provider for deletion and end-date its event data', role: 'admin', params: IdParamsSchema, successStatus: 204, resource: 'Data provider' },
  { id: 'listDataProviderEventTypes', method: 'GET', path: '/dataproviders/:id/eventtypes', service: svc, tag: 'Data providers', summary: "List a data provider's event types", role: 'viewer', params: IdParamsSchema, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(EventTypeSchema), resource: 'Data provider' },

  { id: 'listEventTypes', method: 'GET', path: '/eventtypes', service: svc, tag: 'Event types', summary: 'List event types', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(EventTypeSchema) },
  { id: 'createEventType', method: 'POST', path: '/eventtypes', service: svc, tag: 'Event types', summary: 'Create an event type with its data sources', role: 'admin', body: EventTypeInputSchema, successStatus: 201, response: EventTypeSchema, badRequest: 'createEventType', errors: ['eventTypeCodeUsed'] },
  { id: 'getEventType', method: 'GET', path: '/eventtypes/:id', service: svc, tag: 'Event types', summary: 'Get an event type', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: EventTypeSchema, resource: 'Event type' },
  { id: 'updateEventType', method: 'PUT', path: '/eventtypes/:id', service: svc, tag: 'Event types', summary: 'Update an event type', role: 'admin', params: IdParamsSchema, body: EventTypeInputSchema, successStatus: 204, badRequest: 'unparseableBody', resource: 'Event type', errors: ['staleVersion'] },
  { id: 'deleteEventType', method: 'DELETE', path: '/eventtypes/:id', service: svc, tag: 'Event types', summary: 'Mark an event type for deletion and end-date its data (accepted)', role: 'admin', params: IdParamsSchema, successStatus: 202, resource: 'Event type' },

  { id: 'listImportFormats', method: 'GET', path: '/importformats', service: svc, tag: 'Import formats', summary: 'List import formats', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ImportFormatSchema) },
  { id: 'createImportFormat', method: 'POST', path: '/importformats', service: svc, tag: 'Import formats', summary: 'Create an import format', role: 'admin', body: ImportFormatInputSchema, successStatus: 201, response: ImportFormatSchema, badRequest: 'invalidRequest', errors: ['importFormatCodeUsed'] },
  { id: 'getImportFormat', method: 'GET', path: '/importformats/:id', service: svc, tag: 'Import formats', summary: 'Get an import format', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: ImportFormatSchema, resource: 'Import format' },
  { id: 'updateImportFormat', method: 'PUT', path: '/importformats/:id', service: svc, tag: 'Import formats', summary: 'Update an import format', role: 'admin', params: IdParamsSchema, body: ImportFormatInputSchema, successStatus: 204, badRequest: 'unparseableBody', resource: 'Import format', errors: ['staleVersion', 'importFormatCodeUsed'] },
  { id: 'deleteImportFormat', method: 'DELETE', path: '/importformats/:id', service: svc, tag: 'Import formats', summary: 'Delete an import format not used by an active event type', role: 'admin', params: IdParamsSchema, successStatus: 204, resource: 'Import format', errors: ['deleteImportFormat'] },
])
