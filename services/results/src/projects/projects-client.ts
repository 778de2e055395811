import { projectsRoutes, routeOf } from '@ligature/contracts'
import { createServiceReader } from '@ligature/service-kit'

const getProject = routeOf(projectsRoutes, 'getProject')
const getExtractionProject = routeOf(projectsRoutes, 'getExtractionProject')

/**
 * The projects service, read to check extraction requests. 400 reads as absent too: a value the projects
 * service's own schema refuses (an id longer than any it issues) names nothing.
 */
export function createProjectsClient(baseUrl: string, internalSecret: string) {
  const get = createServiceReader(baseUrl, internalSecret, 'results', [400, 404])
  return {
    projectById: (id: number) => get(getProject, { params: { id: String(id) }, query: {} }),
    projectByCode: (code: string) => get(getProject, { params: { id: code }, query: { byCode: true } }),
    extractionProject: (id: string) => get(getExtractionProject, { params: { id } }),
  }
}
export type ProjectsClient = ReturnType<typeof createProjectsClient>
