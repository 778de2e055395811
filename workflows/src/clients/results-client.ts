import type { Extraction, ExtractionSettings, Result } from '@ligature/contracts'
import { ProjectsInternalPaths, ResultsInternalPaths, type ExtractionJob, type ExtractionProjectKeys, type InternalExtractionInput, type KeyLineagePublication } from '@ligature/contracts/internal'
import type { ServiceClient } from './service-client.js'

const at = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k])))

/** Extractions live in the results service; extraction projects' keys and settings in the projects service. */
export const resultsClient = (results: ServiceClient, projects: ServiceClient) => ({
  extraction: (id: number) => results<ExtractionJob>('GET', at(ResultsInternalPaths.getExtraction, { id })),
  createExtraction: (input: InternalExtractionInput) => results<Extraction>('POST', ResultsInternalPaths.createExtraction, input),
  setExtractionStatus: (id: number, callStatus: number) => results<Extraction>('PUT', at(ResultsInternalPaths.setExtractionState, { id }), { callStatus }),
  extractionProjectKeys: (id: string) => projects<ExtractionProjectKeys>('GET', at(ProjectsInternalPaths.extractionProjectKeys, { id })),
  extractionSettings: (projectId: number) => projects<ExtractionSettings>('GET', `/projects/${projectId}/extractionsettings`),
  /** Key moves for `GET /projects/{id}/keylineage`; the service stores each (project, revision, keys) once. */
  publishKeyLineage: (publication: KeyLineagePublication) => results<{ stored: number }>('POST', ResultsInternalPaths.publishKeyLineage, publication),
})
export type ResultsClient = ReturnType<typeof resultsClient>
export type { Result }
