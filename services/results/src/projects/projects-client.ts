import type { ExtractionProject, Project } from '@ligature/contracts'
import { createServiceReader } from '@ligature/service-kit'

/**
 * The projects service, read to check extraction requests. 400 reads as absent too: a value the projects
 * service's own schema refuses (an id longer than any it issues) names nothing.
 */
export function createProjectsClient(baseUrl: string, internalSecret: string) {
  const get = createServiceReader(baseUrl, internalSecret, 'results', [400, 404])
  return {
    projectById: (id: number) => get<Project>(`/projects/${id}`),
    projectByCode: (code: string) => get<Project>(`/projects/${encodeURIComponent(code)}?byCode=true`),
    extractionProject: (id: string) => get<ExtractionProject>(`/extractionprojects/${encodeURIComponent(id)}`),
  }
}
export type ProjectsClient = ReturnType<typeof createProjectsClient>
