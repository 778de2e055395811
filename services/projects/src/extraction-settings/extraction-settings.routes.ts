import type { Handler } from '@ligature/service-kit'
import type { ExtractionSettingsService } from './extraction-settings.service.js'

export const extractionSettingsHandlers = (svc: ExtractionSettingsService) => ({
  getExtractionSettings: (async ({ principal, params }) => svc.get(principal, params.id)) satisfies Handler,
  updateExtractionSettings: (async ({ principal, params, body }) => svc.update(principal, params.id, body)) satisfies Handler,
})
