import type { ExtractionProject, Project } from '@ligature/contracts'
import { createServiceReader } from '@ligature/service-kit'

/** The projects service, read to check linkage projects and to turn project ids into codes (404 reads as null). */
export function createProjectsClient(baseUrl: string, internalSecret: string) {
  const get = createServiceReader(baseUrl, internalSecret, 'envelopes')
  return {
    projectById: (id: number) => get<Project>(`/projects/${id}`),
    projectByCode: (code: string) => get<Project>(`/projects/${encodeURIComponent(code)}?byCode=true`),
    extractionProject: (id: string) => get<ExtractionProject>(`/extractionprojects/${encodeURIComponent(id)}`),
  }
}
export type ProjectsClient = ReturnType<typeof createProjectsClient>
