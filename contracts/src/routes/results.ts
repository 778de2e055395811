import { Type } from '@sinclair/typebox'
import { IdParamsSchema, IntId, ListQuerySchema, Str } from '../common.js'
import { ClericalReviewSchema } from '../entities/clerical-review.js'
import { EnduringKeyPattern, KeyLineageSchema } from '../entities/key-lineage.js'
import { EstimateSchema, EstimationDocumentSchema } from '../entities/estimate.js'
import { MatchStrategySchema } from '../entities/match-config.js'
import { ExtractionInputSchema, ExtractionSchema, ResultSchema } from '../entities/extraction.js'
import { defineRoutes } from './route-def.js'

const svc = 'results' as const
const EstimateQuery = Type.Composite([ListQuerySchema, Type.Object({ envelopeName: Type.Optional(Str(1, 200)) })], { additionalProperties: false })
const ApplyParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }), strategyId: IntId, estimateId: IntId }, { additionalProperties: false })
const est = 'Probability estimates'
const ClericalQuery = Type.Composite([ListQuerySchema, Type.Object({ projectCode: Type.Optional(Str(1, 20)), envelopeName: Type.Optional(Str(1, 200)) })], { additionalProperties: false })
const cr = 'Clerical review'
const ProjectRef = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false })
const KeyLineageQuery = Type.Composite([ListQuerySchema, Type.Object({
  key: Type.Optional(Type.String({ pattern: EnduringKeyPattern, description: 'Only moves from or to this enduring key (LK and twelve digits).' })),
  fromRevision: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Only moves of this revision or later (with includeUndone, also moves undone by this revision or later).' })),
  includeUndone: Type.Optional(Type.Boolean({ description: 'Also list moves a rollback undid (undoneByRevision set); default false.' })),
})], { additionalProperties: false })
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
  // Probability estimation (DECISIONS.md "Probability estimation"): results of SubmitProbabilityEstimation envelopes.
  { id: 'listEstimates', method: 'GET', path: '/estimates', service: svc, tag: est, summary: 'List probability estimates (from probability estimation envelopes), newest first; envelopeName filters', role: 'viewer', querystring: EstimateQuery, successStatus: 200, response: Type.Array(EstimateSchema), beyondSpec: true },
  { id: 'getEstimate', method: 'GET', path: '/estimates/:id', service: svc, tag: est, summary: 'Get a probability estimate: the full document (per strategy and field m, u, weights, EM iterations, convergence, sample sizes, suggested threshold)', role: 'viewer', params: IdParamsSchema, successStatus: 200, response: EstimationDocumentSchema, resource: 'Estimate', beyondSpec: true },
  { id: 'downloadEstimate', method: 'GET', path: '/estimates/:id/download', service: svc, tag: est, summary: 'Download a probability estimate as a JSON file', role: 'viewer', params: IdParamsSchema, successStatus: 200, produces: 'application/json', resource: 'Estimate', beyondSpec: true },
  { id: 'applyEstimate', method: 'POST', path: '/projects/:id/matchconfig/strategies/:strategyId/estimates/:estimateId/apply', service: svc, tag: est, summary: "Write an estimate's m and u (every matching field it estimated) and suggested threshold into one match strategy; answers the updated strategy", role: 'manager', params: ApplyParams, successStatus: 201, response: MatchStrategySchema, resource: 'Estimate', errors: ['invalidRequest'], beyondSpec: true },
  // Clerical review (DECISIONS.md "Quality review"): what each linkage listed for a reviewer, as a ready-to-edit quality-review file.
  { id: 'listClericalReviews', method: 'GET', path: '/clericalreviews', service: svc, tag: cr, summary: 'List clerical-review lists (one per linkage that had pairs just above threshold or flagged groups), newest first; projectCode and envelopeName filter', role: 'viewer', querystring: ClericalQuery, successStatus: 200, response: Type.Array(ClericalReviewSchema), beyondSpec: true },
  { id: 'getClericalReview', method: 'GET', path: '/clericalreviews/:id', service: svc, tag: cr, summary: "Get a clerical-review list: its linkage and counts of pairs, flagged groups and records", role: 'viewer', params: IdParamsSchema, successStatus: 200, response: ClericalReviewSchema, resource: 'Clerical review', beyondSpec: true },
  // Key lineage (DECISIONS.md "Key lineage"): where the records of enduring keys went, as the worker published it.
  { id: 'listKeyLineage', method: 'GET', path: '/projects/:id/keylineage', service: svc, tag: 'Key lineage', summary: "List a project's key lineage (by id or code): per revision, which enduring key records moved from and to, oldest first; key, fromRevision and includeUndone filter", role: 'viewer', params: ProjectRef, querystring: KeyLineageQuery, successStatus: 200, response: Type.Array(KeyLineageSchema), resource: 'Project', beyondSpec: true },
  { id: 'downloadClericalReview', method: 'GET', path: '/clericalreviews/:id/download', service: svc, tag: cr, summary: 'Download a clerical-review list as a ready-to-edit quality-review file (CSV, four columns, no header)', role: 'viewer', params: IdParamsSchema, successStatus: 200, produces: 'text/csv', resource: 'Clerical review', beyondSpec: true },
])
