import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { resultsRoutes } from '@ligature/contracts'
import { createServiceApp, registerRoutes, type HandlerMap } from '@ligature/service-kit'
import type { ResultsDb } from './db.js'
import { createExtractionService } from './extractions/extraction.service.js'
import { extractionHandlers } from './extractions/extraction.routes.js'
import { registerInternalRoutes } from './internal/internal.routes.js'
import { createProjectsClient } from './projects/projects-client.js'
import { createResultStore } from './results/result-store.js'
import { createResultService } from './results/result.service.js'
import { resultHandlers } from './results/result.routes.js'
import { createEstimateService } from './estimates/estimate.service.js'
import { estimateHandlers } from './estimates/estimate.routes.js'
import { createStrategyClient } from './projects/strategy-client.js'
import { createClericalReviewService } from './clerical-reviews/clerical-review.service.js'
import { clericalReviewHandlers } from './clerical-reviews/clerical-review.routes.js'
import { createKeyLineageService } from './key-lineage/key-lineage.service.js'
import { keyLineageHandlers } from './key-lineage/key-lineage.routes.js'

export interface ResultsDeps {
  db: Kysely<ResultsDb>
  internalSecret: string
  /** The projects service: extraction requests are checked against it before anything is queued. */
  projectsUrl: string
  /** The results volume. */
  resultsDir: string
  logger?: boolean | object
}

/** The results service: extractions (requested here, run by the worker) and their result files. */
export async function buildApp(deps: ResultsDeps): Promise<FastifyInstance> {
  const app = await createServiceApp({
    name: 'results', internalSecret: deps.internalSecret,
    ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
    readiness: { postgres: () => sql`select 1`.execute(deps.db) },
  })
  const store = createResultStore(deps.resultsDir)
  const projects = createProjectsClient(deps.projectsUrl, deps.internalSecret)
  const extractions = createExtractionService(deps.db, projects)
  const results = createResultService(deps.db, store)
  const estimates = createEstimateService(deps.db)
  const clericalReviews = createClericalReviewService(deps.db)
  const keyLineage = createKeyLineageService(deps.db, projects)
  const handlers: HandlerMap<typeof resultsRoutes> = {
    ...extractionHandlers(extractions, results),
    ...resultHandlers(results),
    ...estimateHandlers(estimates, createStrategyClient(deps.projectsUrl, deps.internalSecret)),
    ...clericalReviewHandlers(clericalReviews),
    ...keyLineageHandlers(keyLineage),
  }
  registerRoutes(app, resultsRoutes, handlers)
  registerInternalRoutes(app, deps.db, extractions, store, estimates, clericalReviews, keyLineage)
  return app
}
