/** The projects service's internal API for the worker (system principal only). */
import { Type, type Static } from '@sinclair/typebox'
import { defineInternalRoutes } from './route.js'

export const ProjectsInternalPaths = {
  extractionProjectKeys: '/internal/extractionprojects/:id/keys',
} as const

/**
 * An extraction project with what only the worker may see: its masking key (hex, 16 bytes) and the moment it
 * was created, which fixes a snapshot project's linkage map.
 */
export const ExtractionProjectKeysSchema = Type.Object({
  id: Type.String(), projectId: Type.Integer(), projectCode: Type.String(), code: Type.String(),
  useEnduringLinkageKeys: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  maskingKey: Type.String({ pattern: '^[0-9a-f]{32}$' }),
}, { additionalProperties: false })
export type ExtractionProjectKeys = Static<typeof ExtractionProjectKeysSchema>

export const ExtractionProjectKeysParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false })

/** The same calls with their schemas, for the typed internal client and the projects service's registration. */
export const ProjectsInternal = defineInternalRoutes({
  extractionProjectKeys: { method: 'GET', path: ProjectsInternalPaths.extractionProjectKeys, params: ExtractionProjectKeysParamsSchema, response: ExtractionProjectKeysSchema },
})
