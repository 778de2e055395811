import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { CLERICAL_FILE_MAX_CHARS, ResultsInternal } from '@ligature/contracts/internal'
import { ApiError, notFound, pageOf, routeInternal } from '@ligature/service-kit'
import type { ResultsDb } from '../db.js'
import { canMoveExtraction, isFinalCallStatus } from '../extractions/extraction-status.js'
import { findExtraction } from '../extractions/extraction.repository.js'
import { toExtraction, type ExtractionService } from '../extractions/extraction.service.js'
import { upsertResult } from '../results/result.repository.js'
import { toResult } from '../results/result.service.js'
import type { ResultStore } from '../results/result-store.js'
import type { EstimateService } from '../estimates/estimate.service.js'
import type { ClericalReviewService } from '../clerical-reviews/clerical-review.service.js'
import type { KeyLineageService } from '../key-lineage/key-lineage.service.js'

/**
 * Calls the worker and the envelopes service make (never routed by the gateway; system principal only):
 * extractions run inside other workflows, the state an extraction's workflow moves it through, and the
 * result zip, streamed in as the request body.
 */
export function registerInternalRoutes(app: FastifyInstance, db: Kysely<ResultsDb>, extractions: ExtractionService, store: ResultStore, estimates: EstimateService, clericalReviews: ClericalReviewService, keyLineage: KeyLineageService): void {
  // The zip is the body itself: handed to the route as a stream, never buffered (so no body size limit applies).
  app.addContentTypeParser('application/zip', (_req, payload, done) => done(null, payload))

  routeInternal(app, ResultsInternal.createExtraction, async (req, reply) =>
    reply.status(201).send(await extractions.createInternal(req.body)))

  routeInternal(app, ResultsInternal.listExtractions, async (req) => {
    const { query } = req
    return extractions.list({ tokenId: 'system', name: 'system', role: 'admin', projects: [] }, pageOf(query), { envelopeName: query.envelopeName })
  })

  routeInternal(app, ResultsInternal.getExtraction, async (req) => {
    const row = await findExtraction(db, req.params.id, null)
    if (!row) throw notFound('Extraction')
    return {
      id: row.id, extractionProjectId: row.extraction_project_id, projectCode: row.project_code, eventTypeCode: row.event_type_code,
      callStatus: row.call_status, envelopeName: row.envelope_name,
      idsFile: row.ids_folder && row.ids_file_name ? { folder: row.ids_folder, fileName: row.ids_file_name } : null,
    }
  })

  routeInternal(app, ResultsInternal.setExtractionState, async (req) => {
    const { id } = req.params
    const { callStatus } = req.body
    const row = await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('extractions').select('call_status').where('id', '=', id).forUpdate().executeTakeFirst()
      if (!current) throw notFound('Extraction')
      if (!canMoveExtraction(current.call_status, callStatus)) throw new ApiError(409, `Extraction cannot go from status ${current.call_status} to ${callStatus}.`)
      return trx.updateTable('extractions')
        .set({ call_status: callStatus, ...(isFinalCallStatus(callStatus) && !isFinalCallStatus(current.call_status) ? { finished_at: new Date() } : {}) })
        .where('id', '=', id).returningAll().executeTakeFirstOrThrow()
    })
    return toExtraction(row)
  })

  routeInternal(app, ResultsInternal.putResultFile, async (req, reply) => {
    const { id } = req.params
    const { query } = req
    if (req.headers['content-type'] !== 'application/zip') throw new ApiError(415, 'A result file is sent as application/zip.')
    const extraction = await findExtraction(db, id, null)
    if (!extraction) throw notFound('Extraction')
    const fileName = `extraction-${id}-${randomBytes(6).toString('hex')}.zip`
    const { sizeBytes } = await store.write(fileName, req.body as Readable)
    const previous = await db.selectFrom('results').select('file_name').where('extraction_id', '=', id).executeTakeFirst()
    const row = await upsertResult(db, {
      extraction_id: id, name: query.name, sender: query.sender, project_code: extraction.project_code, file_name: fileName, size_bytes: sizeBytes,
    }).catch(async (err: unknown) => { await store.remove(fileName); throw err })
    if (previous && previous.file_name !== fileName) await store.remove(previous.file_name)
    return reply.status(201).send(toResult(row))
  })

  // The bodyLimit is the JSON default: an estimate is a few KB per strategy.
  routeInternal(app, ResultsInternal.createEstimate, async (req, reply) =>
    reply.status(201).send(await estimates.save(req.body)))

  // The file travels inside the JSON body: the limit is the largest file kept plus room for escaping and the counts.
  routeInternal(app, ResultsInternal.createClericalReview, async (req, reply) =>
    reply.status(201).send(await clericalReviews.save(req.body)), { bodyLimit: 2 * CLERICAL_FILE_MAX_CHARS })

  // At most KEY_LINEAGE_BATCH_MAX moves a call (about 200 bytes each): well inside the JSON default limit.
  routeInternal(app, ResultsInternal.publishKeyLineage, async (req, reply) =>
    reply.status(201).send({ stored: await keyLineage.save(req.body) }))
}
