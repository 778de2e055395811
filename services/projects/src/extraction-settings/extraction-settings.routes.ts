import { projectsRoutes } from '@ligature/contracts'
import { handlersOf } from '@ligature/service-kit'
import type { ExtractionSettingsService } from './extraction-settings.service.js'

export const extractionSettingsHandlers = (svc: ExtractionSettingsService) => handlersOf(projectsRoutes)({
  getExtractionSettings: async ({ principal, params }) => svc.get(principal, params.id),
  updateExtractionSettings: async ({ principal, params, body }) => svc.update(principal, params.id, body),
})
