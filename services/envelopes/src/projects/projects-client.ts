import { projectsRoutes, routeOf } from '@ligature/contracts'
import { createServiceReader } from '@ligature/service-kit'

const getProject = routeOf(projectsRoutes, 'getProject')
const getExtractionProject = routeOf(projectsRoutes, 'getExtractionProject')

/** The projects service, read to check linkage projects and to turn project ids into codes (404 reads as null). */
export function createProjectsClient(baseUrl: string, internalSecret: string) {
  const get = createServiceReader(baseUrl, internalSecret, 'envelopes')
  return {
    projectById: (id: number) => get(getProject, { params: { id: String(id) }, query: {} }),
    projectByCode: (code: string) => get(getProject, { params: { id: code }, query: { byCode: true } }),
    extractionProject: (id: string) => get(getExtractionProject, { params: { id } }),
  }
}
export type ProjectsClient = ReturnType<typeof createProjectsClient>
