import { Type } from '@sinclair/typebox'
import { IntId, ListQuerySchema } from '../common.js'
import { ProjectInputSchema, ProjectSchema, LinkageFieldSchema } from '../entities/project.js'
import {
  FieldComparisonTypeSchema, MatchConfigSchema, MatchProviderFieldSchema, MatchProviderSchema,
  MatchStrategyInputSchema, MatchStrategySchema, WeightCurveInputSchema, WeightCurveSchema,
} from '../entities/match-config.js'
import { ExtractionProjectInputSchema, ExtractionProjectSchema, ExtractionSettingsSchema } from '../entities/extraction.js'
import { defineRoutes } from './route-def.js'

const svc = 'projects' as const
/** `{id}` is a numeric id, or a code when not numeric, unless `byCode` is set. */
const ProjectRef = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false })
const ProjectGetQuery = Type.Object({ byCode: Type.Optional(Type.Boolean()) }, { additionalProperties: false })
const StrategyParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }), strategyId: IntId }, { additionalProperties: false })
const CurveParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }), weightCurveId: IntId }, { additionalProperties: false })
const ProviderParams = Type.Object({ providerName: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false })
const DefinitionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }), eventTypeCode: Type.String({ minLength: 1, maxLength: 15 }) }, { additionalProperties: false })
const ExtractionProjectParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false })
const tag = 'Projects'
const mc = 'Match configuration'

export const projectsRoutes = defineRoutes([
  { id: 'listProjects', method: 'GET', path: '/projects', service: svc, tag, summary: 'List linkage projects', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ProjectSchema) },
  { id: 'createProject', method: 'POST', path: '/projects', service: svc, tag, summary: 'Create a linkage project (with default strategies and linkage fields)', role: 'admin', body: ProjectInputSchema, successStatus: 201, response: ProjectSchema, badRequest: 'createProject', errors: ['projectCodeUsed'] },
  { id: 'getProject', method: 'GET', path: '/projects/:id', service: svc, tag, summary: 'Get a project by id, or by code', role: 'viewer', params: ProjectRef, querystring: ProjectGetQuery, successStatus: 200, response: ProjectSchema, resource: 'Project' },
  { id: 'updateProject', method: 'PUT', path: '/projects/:id', service: svc, tag, summary: 'Update a project', role: 'manager', params: ProjectRef, body: ProjectInputSchema, successStatus: 204, badRequest: 'unparseableBody', resource: 'Project', errors: ['staleVersion', 'projectCodeUsed'] },
  { id: 'deleteProject', method: 'DELETE', path: '/projects/:id', service: svc, tag, summary: 'Delete an inactive project (its record data remains)', role: 'admin', params: ProjectRef, successStatus: 204, resource: 'Project', errors: ['deleteActiveProject', 'invalidRequest'] },
  { id: 'listProjectExtractionProjects', method: 'GET', path: '/projects/:id/extractionprojects', service: svc, tag, summary: "List a project's extraction projects", role: 'viewer', params: ProjectRef, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ExtractionProjectSchema), resource: 'Project' },
  { id: 'getExtractionSettings', method: 'GET', path: '/projects/:id/extractionsettings', service: svc, tag, summary: "Get a project's Data Extraction settings: the extraction output's columns, their names and the delimiter", role: 'viewer', params: ProjectRef, successStatus: 200, response: ExtractionSettingsSchema, resource: 'Project', beyondSpec: true },
  { id: 'updateExtractionSettings', method: 'PUT', path: '/projects/:id/extractionsettings', service: svc, tag, summary: "Change a project's Data Extraction settings (used by extractions requested afterwards)", role: 'manager', params: ProjectRef, body: ExtractionSettingsSchema, successStatus: 204, badRequest: 'invalidRequest', resource: 'Project', errors: ['staleVersion'], beyondSpec: true },
  { id: 'getMatchConfig', method: 'GET', path: '/projects/:id/matchconfig', service: svc, tag: mc, summary: "Get a project's match configuration", role: 'viewer', params: ProjectRef, successStatus: 200, response: MatchConfigSchema, resource: 'Project' },
  { id: 'listLinkageFields', method: 'GET', path: '/projects/:id/linkagefields', service: svc, tag, summary: "List a project's linkage fields", role: 'viewer', params: ProjectRef, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(LinkageFieldSchema), resource: 'Project' },
  { id: 'getProjectDefinitionFile', method: 'GET', path: '/projects/:id/projectdefinitionfile/:eventTypeCode', service: svc, tag, summary: 'Download the project definition file of an event type (for the envelope builder)', role: 'viewer', params: DefinitionParams, successStatus: 200, produces: 'application/json', resource: 'Project' },

  { id: 'listWeightCurves', method: 'GET', path: '/projects/:id/matchconfig/weightcurves', service: svc, tag: mc, summary: 'List weight curves', role: 'viewer', params: ProjectRef, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(WeightCurveSchema), resource: 'Project' },
  { id: 'createWeightCurve', method: 'POST', path: '/projects/:id/matchconfig/weightcurves', service: svc, tag: mc, summary: 'Create a weight curve', role: 'manager', params: ProjectRef, body: WeightCurveInputSchema, successStatus: 201, response: WeightCurveSchema, badRequest: 'createWeightCurve', resource: 'Project' },
  { id: 'getWeightCurve', method: 'GET', path: '/projects/:id/matchconfig/weightcurves/:weightCurveId', service: svc, tag: mc, summary: 'Get a weight curve', role: 'viewer', params: CurveParams, successStatus: 200, response: WeightCurveSchema, resource: 'Weight curve' },
  { id: 'updateWeightCurve', method: 'PUT', path: '/projects/:id/matchconfig/weightcurves/:weightCurveId', service: svc, tag: mc, summary: 'Update a weight curve', role: 'manager', params: CurveParams, body: WeightCurveInputSchema, successStatus: 204, badRequest: 'unparseableBody', resource: 'Weight curve', errors: ['staleVersion'] },
  { id: 'deleteWeightCurve', method: 'DELETE', path: '/projects/:id/matchconfig/weightcurves/:weightCurveId', service: svc, tag: mc, summary: 'Delete a weight curve', role: 'manager', params: CurveParams, successStatus: 204, resource: 'Weight curve' },

  { id: 'listMatchStrategies', method: 'GET', path: '/projects/:id/matchconfig/strategies', service: svc, tag: mc, summary: 'List match strategies in run order', role: 'viewer', params: ProjectRef, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(MatchStrategySchema), resource: 'Project' },
  { id: 'createMatchStrategy', method: 'POST', path: '/projects/:id/matchconfig/strategies', service: svc, tag: mc, summary: 'Create a match strategy', role: 'manager', params: ProjectRef, body: MatchStrategyInputSchema, successStatus: 201, response: MatchStrategySchema, badRequest: 'createMatchStrategy', resource: 'Project' },
  { id: 'getMatchStrategy', method: 'GET', path: '/projects/:id/matchconfig/strategies/:strategyId', service: svc, tag: mc, summary: 'Get a match strategy', role: 'viewer', params: StrategyParams, successStatus: 200, response: MatchStrategySchema, resource: 'Match strategy' },
  { id: 'updateMatchStrategy', method: 'PUT', path: '/projects/:id/matchconfig/strategies/:strategyId', service: svc, tag: mc, summary: 'Update a match strategy', role: 'manager', params: StrategyParams, body: MatchStrategyInputSchema, successStatus: 204, badRequest: 'unparseableBody', resource: 'Match strategy', errors: ['staleVersion'] },
  { id: 'deleteMatchStrategy', method: 'DELETE', path: '/projects/:id/matchconfig/strategies/:strategyId', service: svc, tag: mc, summary: 'Delete a match strategy', role: 'manager', params: StrategyParams, successStatus: 204, resource: 'Match strategy' },

  { id: 'listMatchProviders', method: 'GET', path: '/matchproviders', service: svc, tag: 'Match providers', summary: 'List match providers', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(MatchProviderSchema) },
  { id: 'getMatchProvider', method: 'GET', path: '/matchproviders/:providerName', service: svc, tag: 'Match providers', summary: 'Get a match provider', role: 'viewer', params: ProviderParams, successStatus: 200, response: MatchProviderSchema, resource: 'Match provider' },
  { id: 'listMatchProviderFields', method: 'GET', path: '/matchproviders/:providerName/fields', service: svc, tag: 'Match providers', summary: "List a match provider's fields", role: 'viewer', params: ProviderParams, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(MatchProviderFieldSchema), resource: 'Match provider' },
  { id: 'listComparisonTypes', method: 'GET', path: '/matchproviders/:providerName/comparisontypes', service: svc, tag: 'Match providers', summary: "List a match provider's comparison types", role: 'viewer', params: ProviderParams, querystring: ListQuerySchema, successStatus: 200, response: Type.Array(FieldComparisonTypeSchema), resource: 'Match provider' },

  { id: 'listExtractionProjects', method: 'GET', path: '/extractionprojects', service: svc, tag: 'Extraction projects', summary: 'List extraction projects', role: 'viewer', querystring: ListQuerySchema, successStatus: 200, response: Type.Array(ExtractionProjectSchema) },
  { id: 'createExtractionProject', method: 'POST', path: '/extractionprojects', service: svc, tag: 'Extraction projects', summary: 'Create an extraction project', role: 'manager', body: ExtractionProjectInputSchema, successStatus: 201, response: ExtractionProjectSchema, badRequest: 'invalidRequest', errors: ['extractionProjectCodeUsed'] },
  { id: 'getExtractionProject', method: 'GET', path: '/extractionprojects/:id', service: svc, tag: 'Extraction projects', summary: 'Get an extraction project', role: 'viewer', params: ExtractionProjectParams, successStatus: 200, response: ExtractionProjectSchema, resource: 'Extraction project' },
])

