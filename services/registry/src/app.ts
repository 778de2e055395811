import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { registryRoutes } from '@ligature/contracts'
import { createServiceApp, registerRoutes, type HandlerMap } from '@ligature/service-kit'
import { sql } from 'kysely'
import type { RegistryDb } from './db.js'
import { DEV_SECRETS_KEY } from './config.js'
import { createScope } from './scope.js'
import { createSecretBox } from './secrets/secret-box.js'
import { createDataProviderService } from './data-providers/data-provider.service.js'
import { dataProviderHandlers } from './data-providers/data-provider.routes.js'
import { createEventTypeService } from './event-types/event-type.service.js'
import { eventTypeHandlers } from './event-types/event-type.routes.js'
import { createImportFormatService } from './import-formats/import-format.service.js'
import { importFormatHandlers } from './import-formats/import-format.routes.js'
import { registerInternalRoutes } from './internal/internal.routes.js'
import { registerDataSourceInternalRoute } from './internal/data-source.internal.js'
import { installBodyGuard } from './body-guard.js'

export interface RegistryDeps {
  db: Kysely<RegistryDb>
  internalSecret: string
  /** LIGATURE_SECRETS_KEY: encrypts secret data source settings (development default when omitted). */
  secretsKey?: string
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
  installBodyGuard(app)
  const scope = createScope(deps.db)
  const box = createSecretBox(deps.secretsKey ?? DEV_SECRETS_KEY)
  const handlers: HandlerMap<typeof registryRoutes> = {
    ...dataProviderHandlers(createDataProviderService(deps.db, scope)),
    ...eventTypeHandlers(createEventTypeService(deps.db, scope, box)),
    ...importFormatHandlers(createImportFormatService(deps.db, scope)),
  }
  registerRoutes(app, registryRoutes, handlers)
  registerInternalRoutes(app, deps.db)
  registerDataSourceInternalRoute(app, deps.db, box)
  return app
}
