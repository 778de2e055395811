import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { resultsRoutes } from '@ligature/contracts'
import { createServiceApp, notImplementedHandlers, registerRoutes } from '@ligature/service-kit'
import type { ResultsDb } from './db.js'

export interface ResultsDeps {
  db: Kysely<ResultsDb>
  internalSecret: string
  logger?: boolean | object
}

export async function buildApp(deps: ResultsDeps): Promise<FastifyInstance> {
  const app = await createServiceApp({
    name: 'results', internalSecret: deps.internalSecret,
    ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
    readiness: { postgres: () => sql`select 1`.execute(deps.db) },
  })
  registerRoutes(app, resultsRoutes, notImplementedHandlers(resultsRoutes.map((r) => r.id)))
  return app
}
