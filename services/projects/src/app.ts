import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { projectsRoutes } from '@ligature/contracts'
import { createServiceApp, registerRoutes, type HandlerMap } from '@ligature/service-kit'
import type { ProjectsDb } from './db.js'
import { installNulGuard } from './nul-guard.js'
import { createProjectService } from './projects/project.service.js'
import { projectHandlers } from './projects/project.routes.js'
import { createMatchConfigService } from './match-config/match-config.service.js'
import { matchConfigHandlers } from './match-config/match-config.routes.js'
import { matchProviderHandlers } from './match-providers/match-provider.routes.js'
import { linkageFieldHandlers } from './linkage-fields/linkage-field.routes.js'
import { createRegistryClient } from './definition-file/registry-client.js'
import { createDefinitionFileBuilder } from './definition-file/definition-file.js'
import { definitionFileHandlers } from './definition-file/definition-file.routes.js'
import { createExtractionProjectService } from './extraction-projects/extraction-project.service.js'
import { extractionProjectHandlers } from './extraction-projects/extraction-project.routes.js'
import { registerExtractionProjectInternalRoutes } from './extraction-projects/extraction-project.internal.js'
import { createExtractionSettingsService } from './extraction-settings/extraction-settings.service.js'
import { extractionSettingsHandlers } from './extraction-settings/extraction-settings.routes.js'
import { createProjectsSecretBox } from './extraction-projects/masking-key-box.js'

export interface ProjectsDeps {
  db: Kysely<ProjectsDb>
  internalSecret: string
  /** The registry service, read for event types and import formats (project definition files). */
  registryUrl: string
  /** LIGATURE_SECRETS_KEY: seals extraction projects' masking keys. */
  secretsKey: string
  logger?: boolean | object
}

/** The projects service as a plugin-shaped factory: everything it needs comes in `deps`. */
export async function buildApp(deps: ProjectsDeps): Promise<FastifyInstance> {
  const app = await createServiceApp({
    name: 'projects', internalSecret: deps.internalSecret,
    ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
    readiness: { postgres: () => sql`select 1`.execute(deps.db) },
  })
  installNulGuard(app)
  const registry = createRegistryClient(deps.registryUrl, deps.internalSecret)
  const extractionProjects = createExtractionProjectService(deps.db, createProjectsSecretBox(deps.secretsKey))
  const handlers: HandlerMap<typeof projectsRoutes> = {
    ...projectHandlers(createProjectService(deps.db)),
    ...matchConfigHandlers(createMatchConfigService(deps.db)),
    ...matchProviderHandlers(),
    ...linkageFieldHandlers(deps.db),
    ...definitionFileHandlers(createDefinitionFileBuilder(deps.db, registry)),
    ...extractionProjectHandlers(extractionProjects),
    ...extractionSettingsHandlers(createExtractionSettingsService(deps.db)),
  }
  registerRoutes(app, projectsRoutes, handlers)
  registerExtractionProjectInternalRoutes(app, extractionProjects)
  return app
}
