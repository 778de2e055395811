import type { FastifyInstance } from 'fastify'
import { ProjectsInternal } from '@ligature/contracts/internal'
import { routeInternal } from '@ligature/service-kit'
import type { ExtractionProjectService } from './extraction-project.service.js'

/**
 * The worker's view of an extraction project, masking key included: only the system principal (signed with
 * the internal secret) may read it, and the gateway never routes `/internal`.
 */
export function registerExtractionProjectInternalRoutes(app: FastifyInstance, svc: ExtractionProjectService): void {
  routeInternal(app, ProjectsInternal.extractionProjectKeys, async (req) => svc.keys(req.params.id))
}
