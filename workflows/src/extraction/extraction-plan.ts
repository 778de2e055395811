import type { DataProvider, EventType, Project } from '@ligature/contracts'
import type { ExtractionJob } from '@ligature/contracts/internal'
import type { Manifest } from '../loading/envelope/manifest.js'

/**
 * What one extraction needs, resolved from the configuration. It travels through Temporal's history, so it
 * holds no secret: the masking key is read again by the activity that uses it.
 */
export interface ExtractionPlan {
  extractionId: number
  extractionProjectId: string
  enduring: boolean
  /** A snapshot project's moment (its creation); null for enduring projects. */
  asOf: string | null
  projectId: number
  projectCode: string
  projectName: string
  eventTypeId: number
  eventTypeCode: string
  dataProviderId: number
  dataProviderCode: string
  dataProviderName: string
  envelopeName: string | null
  idsFile: { folder: string; fileName: string } | null
}

export function planExtraction(job: ExtractionJob, ep: { useEnduringLinkageKeys: boolean; createdAt: string }, project: Project, eventType: EventType, provider: DataProvider): ExtractionPlan {
  return {
    extractionId: job.id, extractionProjectId: job.extractionProjectId, enduring: ep.useEnduringLinkageKeys,
    asOf: ep.useEnduringLinkageKeys ? null : ep.createdAt,
    projectId: project.id, projectCode: project.code, projectName: project.name,
    eventTypeId: eventType.id, eventTypeCode: eventType.code,
    dataProviderId: provider.id, dataProviderCode: provider.code, dataProviderName: provider.organisation,
    envelopeName: job.envelopeName, idsFile: job.idsFile,
  }
}

/** An envelope whose data files list Source Unique IDs (extraction and deletion envelopes). */
export interface IdListEnvelopePlan {
  projectId: number
  projectCode: string
  projectName: string
  dataProviderId: number
  dataProviderName: string
  /** Extraction envelopes only. */
  extractionProjectId: string
  files: { fileName: string; eventTypeCode: string; eventTypeId: number }[]
}
export type ExtractionEnvelopePlan = IdListEnvelopePlan

/**
 * Checks an id-list envelope against the configuration: the project exists, the sender is a data provider,
 * each file's event type belongs to the sender and is a member of the project, and an extraction envelope names
 * its extraction project (checked itself when each extraction is created: the results service refuses one of
 * another project).
 */
export function planIdListEnvelope(manifest: Pick<Manifest, 'linkageProject' | 'sender' | 'dataFiles' | 'extractionProject'>,
  project: Project | null, provider: DataProvider | null, eventTypes: Map<string, EventType | null>, needsExtractionProject: boolean): { ok: true; plan: IdListEnvelopePlan } | { ok: false; problems: string[] } {
  const problems: string[] = []
  if (!project) problems.push(`Linkage project "${manifest.linkageProject}" does not exist.`)
  if (!provider) problems.push(`Sender "${manifest.sender}" is not a data provider.`)
  if (needsExtractionProject && !manifest.extractionProject) problems.push('The manifest names no ExtractionProject.')
  for (const file of manifest.dataFiles) {
    const et = eventTypes.get(file.eventTypeCode) ?? null
    const where = `Data file "${file.fileName}"`
    if (!et) { problems.push(`${where}: event type "${file.eventTypeCode}" does not exist.`); continue }
    if (provider && et.dataProviderId !== provider.id) problems.push(`${where}: event type "${et.code}" does not belong to data provider "${provider.code}".`)
    if (project && !project.eventTypeMembers.some((m) => m.eventTypeId === et.id)) problems.push(`${where}: event type "${et.code}" is not a member of project "${project.code}".`)
  }
  if (problems.length > 0 || !project || !provider) return { ok: false, problems }
  return {
    ok: true,
    plan: {
      projectId: project.id, projectCode: project.code, projectName: project.name, dataProviderId: provider.id, dataProviderName: provider.organisation,
      extractionProjectId: manifest.extractionProject ?? '',
      files: manifest.dataFiles.map((f) => ({ fileName: f.fileName, eventTypeCode: f.eventTypeCode, eventTypeId: eventTypes.get(f.eventTypeCode)!.id })),
    },
  }
}
