import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import { ProjectsInternalPaths } from '@ligature/contracts/internal'
import { isAdmin, unauthorized } from '@ligature/service-kit'
import type { ExtractionProjectService } from './extraction-project.service.js'

const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false })

/**
 * The worker's view of an extraction project, masking key included: only the system principal (signed with
 * the internal secret) may read it, and the gateway never routes `/internal`.
 */
export function registerExtractionProjectInternalRoutes(app: FastifyInstance, svc: ExtractionProjectService): void {
  app.get(ProjectsInternalPaths.extractionProjectKeys, { schema: { hide: true, params: Params } }, async (req) => {
    if (!(req.principal && isAdmin(req.principal) && req.principal.tokenId === 'system')) throw unauthorized()
    return svc.keys((req.params as { id: string }).id)
  })
}
