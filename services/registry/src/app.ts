import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { registryRoutes } from '@ligature/contracts'
import { createServiceApp, registerRoutes, type HandlerMap } from '@ligature/service-kit'
import { sql } from 'kysely'
import type { RegistryDb } from './db.js'
import { createScope } from './scope.js'
import { createDataProviderService } from './data-providers/data-provider.service.js'
import { dataProviderHandlers } from './data-providers/data-provider.routes.js'
import { eventTypeHandlers } from './event-types/event-type.routes.js'
import { importFormatHandlers } from './import-formats/import-format.routes.js'

export interface RegistryDeps {
  db: Kysely<RegistryDb>
  internalSecret: string
  logger?: boolean | object
}

/** The registry service as a plugin-shaped factory: everything it needs comes in `deps`. */
export async function buildApp(deps: RegistryDeps): Promise<FastifyInstance> {
  const app = await createServiceApp({
    name: 'registry',
    internalSecret: deps.internalSecret,
    ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
    readiness: { postgres: () => sql`select 1`.execute(deps.db) },
  })
  const scope = createScope(deps.db)
  const handlers: HandlerMap<typeof registryRoutes> = {
    ...dataProviderHandlers(createDataProviderService(deps.db, scope)),
    ...eventTypeHandlers(deps.db, scope),
    ...importFormatHandlers(deps.db, scope),
  }
  registerRoutes(app, registryRoutes, handlers)
  return app
}
