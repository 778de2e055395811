import { projectsRoutes, routeOf, type Result } from '@ligature/contracts'
import { ProjectsInternal, ResultsInternal, type InternalExtractionInput, type KeyLineagePublication } from '@ligature/contracts/internal'
import { internalClient, type ServiceClient } from './service-client.js'

const getExtractionSettings = routeOf(projectsRoutes, 'getExtractionSettings')

/** Extractions live in the results service; extraction projects' keys and settings in the projects service. */
export const resultsClient = (results: ServiceClient, projects: ServiceClient) => {
  const toResults = internalClient(results)
  const toProjects = internalClient(projects)
  return {
    extraction: (id: number) => toResults(ResultsInternal.getExtraction, { params: { id } }),
    createExtraction: (input: InternalExtractionInput) => toResults(ResultsInternal.createExtraction, { body: input }),
    setExtractionStatus: (id: number, callStatus: number) => toResults(ResultsInternal.setExtractionState, { params: { id }, body: { callStatus } }),
    extractionProjectKeys: (id: string) => toProjects(ProjectsInternal.extractionProjectKeys, { params: { id } }),
    extractionSettings: (projectId: number) => toProjects(getExtractionSettings, { params: { id: String(projectId) } }),
    /** Key moves for `GET /projects/{id}/keylineage`; the service stores each (project, revision, keys) once. */
    publishKeyLineage: (publication: KeyLineagePublication) => toResults(ResultsInternal.publishKeyLineage, { body: publication }),
  }
}
export type ResultsClient = ReturnType<typeof resultsClient>
export type { Result }
