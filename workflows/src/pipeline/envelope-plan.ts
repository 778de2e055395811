import type { DataProvider, EventType, ImportFormat, Project } from '@ligature/contracts'
import { DEFAULT_GROUP_STRATEGY } from '@ligature/contracts/defaults'
import type { Manifest } from '../loading/envelope/manifest.js'

/** What loading one data file needs, resolved from the manifest and the configuration. */
export interface FilePlan {
  fileIndex: number
  fileName: string
  eventTypeId: number
  eventTypeCode: string
  isAuthoritative: boolean
  importFormat: Pick<ImportFormat, 'id' | 'columnType' | 'columns'>
  settings: { name: string; value: string }[]
  /** Where the file is when it is not in the envelope's folder (files read from data sources). */
  folder?: string
}

export interface EnvelopePlan {
  projectId: number
  projectCode: string
  projectName: string
  groupStrategy: string
  dataProviderId: number
  dataProviderName: string
  files: FilePlan[]
}

export interface PlanInputs {
  manifest: Pick<Manifest, 'linkageProject' | 'sender' | 'dataFiles'>
  project: Project | null
  provider: DataProvider | null
  /** Event types named by the manifest, by code (null: no such event type). */
  eventTypes: Map<string, EventType | null>
  importFormats: Map<number, ImportFormat | null>
}

/**
 * Checks an envelope's manifest against the configuration: the project exists and is active, the sender is a
 * data provider, each event type belongs to the sender and is a member of the project, and each has a
 * delimited-file data source with an import format. Returns every problem, each a sentence for the notification.
 */
export function planEnvelope(inputs: PlanInputs): { ok: true; plan: EnvelopePlan } | { ok: false; problems: string[] } {
  const { manifest, project, provider } = inputs
  const problems: string[] = []
  if (!project) problems.push(`Linkage project "${manifest.linkageProject}" does not exist.`)
  else if (project.isActive === false) problems.push(`Linkage project "${project.code}" is not active.`)
  if (!provider) problems.push(`Sender "${manifest.sender}" is not a data provider.`)
  else if (provider.markedForDeletion) problems.push(`Data provider "${provider.code}" is marked for deletion.`)
  const files: FilePlan[] = []
  manifest.dataFiles.forEach((file, fileIndex) => {
    const et = inputs.eventTypes.get(file.eventTypeCode) ?? null
    const where = `Data file "${file.fileName}"`
    if (!et) return void problems.push(`${where}: event type "${file.eventTypeCode}" does not exist.`)
    if (provider && et.dataProviderId !== provider.id) problems.push(`${where}: event type "${et.code}" does not belong to data provider "${provider.code}".`)
    if (et.markedForDeletion) problems.push(`${where}: event type "${et.code}" is marked for deletion.`)
    if (project && !project.eventTypeMembers.some((m) => m.eventTypeId === et.id)) problems.push(`${where}: event type "${et.code}" is not a member of project "${project.code}".`)
    const source = [...(et.dataSources ?? [])].filter((d) => d.dataSourceType === 'DelimitedFile').sort((a, b) => (a.id ?? 0) - (b.id ?? 0))[0]
    if (!source) return void problems.push(`${where}: event type "${et.code}" has no DelimitedFile data source to read envelope files with.`)
    const format = inputs.importFormats.get(source.importFormatId) ?? null
    if (!format) return void problems.push(`${where}: import format ${source.importFormatId} of event type "${et.code}" does not exist.`)
    files.push({
      fileIndex, fileName: file.fileName, eventTypeId: et.id, eventTypeCode: et.code, isAuthoritative: et.isAuthoritative,
      importFormat: { id: format.id, columnType: format.columnType, columns: format.columns },
      settings: (source.settings ?? []).filter((s) => !s.isSecret).map((s) => ({ name: s.name, value: s.value })),
    })
  })
  if (problems.length > 0 || !project || !provider) return { ok: false, problems }
  return {
    ok: true,
    plan: {
      projectId: project.id, projectCode: project.code, projectName: project.name,
      groupStrategy: project.groupConfig?.groupStrategy ?? DEFAULT_GROUP_STRATEGY,
      dataProviderId: provider.id, dataProviderName: provider.organisation, files,
    },
  }
}
