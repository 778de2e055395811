import { mkdir, rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { ApplicationFailure } from '@temporalio/activity'
import type { ConfigClient, ResolvedDataSource } from '../clients/config-client.js'
import type { EnvelopePlan, FilePlan } from '../pipeline/envelope-plan.js'
import { matchingFiles } from '../pipeline/source-files.js'
import { exportPostgresSource } from '../pipeline/postgres-source.js'
import type { LinkageSource } from '@ligature/contracts'
import { DEFAULT_GROUP_STRATEGY } from '@ligature/contracts/defaults'

export interface SourcesDeps { config: ConfigClient; dataSource: (eventTypeCode: string, dataSourceCode: string) => Promise<ResolvedDataSource | null>; dataDir: string }

const setting = (ds: ResolvedDataSource, name: string) => ds.settings.find((s) => s.name.toLowerCase() === name.toLowerCase())?.value

/** Linkages that read their data themselves (POST /linkages, bulk loads): Text Files folders and PostgreSQL tables. */
export function sourcesActivities({ config, dataSource, dataDir }: SourcesDeps) {
  return {
    async planSources(input: { linkageId: number; projectCode: string; linkageSources: LinkageSource[] }): Promise<EnvelopePlan> {
      const problems: string[] = []
      const project = await config.projectByCode(input.projectCode)
      if (!project) throw ApplicationFailure.nonRetryable(`Linkage project "${input.projectCode}" does not exist.`, 'EnvelopeRejected')
      if (project.isActive === false) throw ApplicationFailure.nonRetryable(`Linkage project "${project.code}" is not active.`, 'EnvelopeRejected')
      const work = resolve(dataDir, 'work', `linkage-${input.linkageId}`)
      await rm(work, { recursive: true, force: true })
      await mkdir(work, { recursive: true })
      const files: FilePlan[] = []
      let providerId: number | null = null
      for (const [i, src] of input.linkageSources.entries()) {
        const where = `Source ${src.eventTypeCode}/${src.dataSourceCode}`
        const member = project.eventTypeMembers.find((m) => m.code === src.eventTypeCode)
        if (!member) { problems.push(`${where}: event type "${src.eventTypeCode}" is not a member of project "${project.code}".`); continue }
        const ds = await dataSource(src.eventTypeCode, src.dataSourceCode)
        if (!ds) { problems.push(`${where}: no such data source.`); continue }
        const format = await config.importFormat(ds.importFormatId)
        if (!format) { problems.push(`${where}: its import format ${ds.importFormatId} does not exist.`); continue }
        providerId ??= (await config.eventType(ds.eventTypeId))?.dataProviderId ?? null
        const base = { eventTypeId: ds.eventTypeId, eventTypeCode: src.eventTypeCode, isAuthoritative: ds.isAuthoritative, importFormat: { id: format.id, columnType: format.columnType, columns: format.columns } }
        if (ds.dataSourceType === 'TextFiles') {
          const found = await matchingFiles(setting(ds, 'dataPath') ?? '', setting(ds, 'filePattern') ?? '*')
          if (found.length === 0) problems.push(`${where}: no file in its data path matches its pattern.`)
          for (const path of found) files.push({ ...base, fileIndex: files.length, fileName: basename(path), folder: dirname(path), settings: ds.settings.filter((s) => s.name !== 'dataPath') })
        } else if (ds.dataSourceType === 'PostgreSQL') {
          const fileName = `${i + 1}-${src.dataSourceCode}.csv`
          await exportPostgresSource(setting(ds, 'connectionString') ?? '', setting(ds, 'table') ?? '', join(work, fileName))
          const csvSettings = [{ name: 'columnSeparator', value: ',' }, { name: 'isFirstLineHeader', value: 'true' }]
          files.push({ ...base, fileIndex: files.length, fileName, folder: work, settings: csvSettings })
        } else {
          problems.push(`${where}: ${ds.dataSourceType} sources are read from uploaded envelopes, not by linkages.`)
        }
      }
      if (problems.length > 0) throw ApplicationFailure.nonRetryable(`The linkage sources cannot be read: ${problems.join(' ')}`, 'EnvelopeRejected')
      const provider = providerId ? await config.dataProvider(providerId) : null
      return {
        projectId: project.id, projectCode: project.code, projectName: project.name,
        groupStrategy: project.groupConfig?.groupStrategy ?? DEFAULT_GROUP_STRATEGY,
        dataProviderId: provider?.id ?? 0, dataProviderName: provider?.organisation ?? '', files,
      }
    },
  }
}
