/**
 * The results service's internal API (never routed by the gateway; system principal only): what the worker
 * and the envelopes service call to run extractions and store their results.
 */
import { Type, type Static } from '@sinclair/typebox'
import { IdParamsSchema, IntId, ListQuerySchema, Nullable, Str } from '../common.js'
import { ClericalReviewSchema } from '../entities/clerical-review.js'
import { EstimateSchema, EstimationDocumentSchema } from '../entities/estimate.js'
import { ExtractionSchema, ResultSchema } from '../entities/extraction.js'
import { defineInternalRoutes, withoutIds } from './route.js'

export const ResultsInternalPaths = {
  createExtraction: '/internal/extractions',
  listExtractions: '/internal/extractions',
  getExtraction: '/internal/extractions/:id',
  setExtractionState: '/internal/extractions/:id/state',
  putResultFile: '/internal/extractions/:id/result',
  /** POST an EstimationDocument (the worker, after a probability estimation envelope); answers the Estimate. */
  createEstimate: '/internal/estimates',
  /** POST a ClericalReviewInput (the worker, after a linkage that listed pairs or groups); answers the ClericalReview. */
  createClericalReview: '/internal/clericalreviews',
  /** POST a KeyLineagePublication (the worker, after each map-changing job); answers { stored }. */
  publishKeyLineage: '/internal/keylineage',
} as const

/** Where an extraction envelope's list of Source Unique IDs is (one per line), in the worker's data folder. */
export const IdsFileSchema = Type.Object({ folder: Type.String({ minLength: 1, maxLength: 4096 }), fileName: Type.String({ minLength: 1, maxLength: 255 }) }, { additionalProperties: false })

/** An extraction the worker runs itself (extraction envelopes, bulk loads): no event is published. */
export const InternalExtractionInputSchema = Type.Object({
  extractionProjectId: Str(1, 60), projectCode: Str(1, 20), eventTypeCode: Str(1, 15),
  envelopeName: Type.Optional(Str(1, 200)),
  workflowId: Type.Optional(IntId),
  idsFile: Type.Optional(IdsFileSchema),
}, { additionalProperties: false })
export type InternalExtractionInput = Static<typeof InternalExtractionInputSchema>

export const InternalExtractionListQuerySchema = Type.Composite([ListQuerySchema, Type.Object({ envelopeName: Str(1, 200) })], { additionalProperties: false })

/** What the worker needs to run one extraction. `callStatus` is the call descriptions' reading (0-4). */
export const ExtractionJobSchema = Type.Object({
  id: Type.Integer(), extractionProjectId: Type.String(), projectCode: Type.String(), eventTypeCode: Type.String(),
  callStatus: Type.Integer({ minimum: 0, maximum: 4 }),
  envelopeName: Type.Union([Type.String(), Type.Null()]),
  idsFile: Type.Union([IdsFileSchema, Type.Null()]),
}, { additionalProperties: false })
export type ExtractionJob = Static<typeof ExtractionJobSchema>

export const ExtractionStateBodySchema = Type.Object({
  /** Call reading: 2 Processing, 3 Failed, 4 Complete. A final state accepts only itself again. */
  callStatus: Type.Integer({ minimum: 2, maximum: 4 }),
}, { additionalProperties: false })

/** The zip arrives as the raw request body (application/zip), streamed to the results volume. */
export const ResultFileQuerySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' }),
  sender: Str(1, 15),
}, { additionalProperties: false })
export type ResultFileQuery = Static<typeof ResultFileQuerySchema>

/** Largest clerical-review file the results service keeps (characters); the worker uploads nothing larger. */
export const CLERICAL_FILE_MAX_CHARS = 64 * 1024 * 1024

const Count = () => Type.Integer({ minimum: 0, maximum: 2147483647 })

/** The worker's upload of a linkage's clerical-review list: the counts and the file itself (four columns, no header). */
export const ClericalReviewInputSchema = Type.Object({
  projectCode: Str(1, 20), envelopeName: Str(1, 200), linkageId: IntId,
  pairs: Count(), pairsLinked: Count(), flaggedGroups: Count(), records: Count(),
  fileName: Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9._-]+$' }),
  content: Type.String({ maxLength: CLERICAL_FILE_MAX_CHARS }),
}, { additionalProperties: false })
export type ClericalReviewInput = Static<typeof ClericalReviewInputSchema>

/** Most moves one publication carries; the worker sends more in further calls. */
export const KEY_LINEAGE_BATCH_MAX = 1000
const KeyNumber = () => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })

/**
 * Key moves of one project as the worker's record store holds them (records/key-lineage.ts), keys as numbers.
 * Stored by (project, revision, from key, to key): a repeated publication, or one that now carries the rollback
 * revision that undid a move, updates the row instead of adding one.
 */
export const KeyLineagePublicationSchema = Type.Object({
  projectCode: Str(1, 20),
  moves: Type.Array(Type.Object({
    revision: IntId, changedAt: Type.String({ format: 'date-time' }),
    fromKey: KeyNumber(), toKey: Nullable(KeyNumber()), records: Count(), keyEnded: Type.Boolean(),
    undoneByRevision: Nullable(IntId), undoneAt: Nullable(Type.String({ format: 'date-time' })),
  }, { additionalProperties: false }), { minItems: 1, maxItems: KEY_LINEAGE_BATCH_MAX }),
}, { additionalProperties: false })
export type KeyLineagePublication = Static<typeof KeyLineagePublicationSchema>

/** The same calls with their schemas, for the typed internal client and the results service's registration. */
export const ResultsInternal = defineInternalRoutes({
  createExtraction: { method: 'POST', path: ResultsInternalPaths.createExtraction, body: InternalExtractionInputSchema, response: ExtractionSchema },
  listExtractions: {
    method: 'GET', path: ResultsInternalPaths.listExtractions, querystring: InternalExtractionListQuerySchema,
    response: Type.Object({ items: Type.Array(ExtractionSchema), total: Type.Integer() }),
  },
  getExtraction: { method: 'GET', path: ResultsInternalPaths.getExtraction, params: IdParamsSchema, response: ExtractionJobSchema },
  setExtractionState: { method: 'PUT', path: ResultsInternalPaths.setExtractionState, params: IdParamsSchema, body: ExtractionStateBodySchema, response: ExtractionSchema },
  /** The zip is the raw request body (application/zip), so this call is sent as a stream, not through the JSON client. */
  putResultFile: { method: 'PUT', path: ResultsInternalPaths.putResultFile, params: IdParamsSchema, querystring: ResultFileQuerySchema, response: ResultSchema },
  createEstimate: { method: 'POST', path: ResultsInternalPaths.createEstimate, body: withoutIds(EstimationDocumentSchema), response: EstimateSchema },
  createClericalReview: { method: 'POST', path: ResultsInternalPaths.createClericalReview, body: ClericalReviewInputSchema, response: ClericalReviewSchema },
  publishKeyLineage: { method: 'POST', path: ResultsInternalPaths.publishKeyLineage, body: KeyLineagePublicationSchema, response: Type.Object({ stored: Type.Integer({ minimum: 0 }) }) },
})
