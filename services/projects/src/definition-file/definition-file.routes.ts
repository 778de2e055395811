import { projectsRoutes } from '@ligature/contracts'
import { handlersOf } from '@ligature/service-kit'
import type { DefinitionFileBuilder } from './definition-file.js'

/** A download: JSON with a file name of `<project>-<event type>.json`. */
export const definitionFileHandlers = (build: DefinitionFileBuilder) => handlersOf(projectsRoutes)({
  getProjectDefinitionFile: async ({ principal, params, reply }) => {
    const file = await build(principal, params.id, params.eventTypeCode)
    const name = `${file.project.code}-${file.eventType.code}.json`.replace(/[^A-Za-z0-9._-]/g, '_')
    return reply.status(200).header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`).send(JSON.stringify(file, null, 2))
  },
})
