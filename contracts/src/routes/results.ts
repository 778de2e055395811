import { Type } from '@sinclair/typebox'
import { IdParamsSchema, ListQuerySchema } from '../common.js'
import { ExtractionInputSchema, ExtractionSchema, ResultSchema } from '../entities/extraction.js'
import { defineRoutes } from './route-def.js'

const svc = 'results' as const
const EpParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 60 }) }, { additionalProperties: false })

export const resultsRoutes = defineRoutes([
  { id: 'listExtractionProjectExtractions', method: 'GET', path: '/extractionprojects/:id/extractions', service: svc, tag: 'Extraction projects', summary: "List an extraction project's extractions, newest first", role: 'viewer', params: EpParams, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ExtractionSchema), resource: 'Extraction project' },
  { id: 'listExtractions', method: 'GET', path: '/extractions', service: svc, tag: 'Extractions', summary: 'List extractions, newest first', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ExtractionSchema) },
  { id: 'createExtraction', method: 'POST', path: '/extractions', service: svc, tag: 'Extractions', summary: 'Request an extraction (runs later as a background job)', role: 'custodian', body: ExtractionInputSchema, successStatus: 201, response: ExtractionSchema, badRequest: 'invalidRequest', errors: ['invalidRequest'] },
  { id: 'getExtraction', method: 'GET', path: '/extractions/:id', service: svc, tag: 'Extractions', summary: 'Get an extraction', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: ExtractionSchema, resource: 'Extraction' },
  { id: 'listExtractionResults', method: 'GET', path: '/extractions/:id/results', service: svc, tag: 'Extractions', summary: "List an extraction's results", role: 'viewer', params: IdParamsSchema, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ResultSchema), resource: 'Extraction' },
  { id: 'listResults', method: 'GET', path: '/results', service: svc, tag: 'Results', summary: 'List results, newest first', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ResultSchema) },
  { id: 'getResult', method: 'GET', path: '/results/:id', service: svc, tag: 'Results', summary: 'Get a result', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: ResultSchema, resource: 'Result' },
  { id: 'deleteResult', method: 'DELETE', path: '/results/:id', service: svc, tag: 'Results', summary: "Delete a result's file (304 when already deleted)", role: 'custodian', params: IdParamsSchema, successStatus: 204, resource: 'Result', errors: ['resultAlreadyDeleted'] },
  { id: 'downloadResult', method: 'GET', path: '/results/:id/download', service: svc, tag: 'Results', summary: 'Download a result (zip)', role: 'viewer', params: IdParamsSchema, successStatus: 200, produces: 'application/octet-stream', resource: 'Result', errors: ['resultDeleted'] },
])
